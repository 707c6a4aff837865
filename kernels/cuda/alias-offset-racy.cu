//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// Pointer alias, racy: y[1] is x[tid + 1], written by the next thread too.
__global__ void shift(float *x)
{
  float *y = x + threadIdx.x;
  y[1] = y[0];
}
