//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement speaks of n AFTER n += 16, i.e. it says the launch
// value of n is 0; m keeps that launch value, so every thread writes
// out[0].
__global__ void k(int *out, int n)
{
  int m = n;
  n += 16;
  __requires(n == 16);
  out[threadIdx.x * m] = threadIdx.x;
}
