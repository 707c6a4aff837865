//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: i = t << 1 = 2t; thread t writes a[2t] only.
__global__ void k(int *a)
{
  int i = threadIdx.x;
  i <<= 1;
  a[i] = threadIdx.x;
}
