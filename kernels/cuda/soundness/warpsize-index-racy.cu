//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: warpSize is 32, so t % warpSize is 0 for threads 0 and 32, which
// both write a[0].
__global__ void k(int *a)
{
  a[threadIdx.x % warpSize] = threadIdx.x;
}
