//pass
//--blockDim=64 --gridDim=1
// Race-free but for benign pairs: two statements store the same constant,
// 1.0f (once written as the int literal 1, converted to float), in flag[0];
// every store leaves 1.0f, in any order.
__global__ void mark(float *flag)
{
  if (threadIdx.x < 32)
    flag[0] = 1.0f;
  else
    flag[0] = 1;
}
