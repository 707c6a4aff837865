//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a function-scope static in device code is one __device__ array shared
// by all threads (not per thread); threads 0 and 1 write s[0] with 0 and 1.
__global__ void k(int *out)
{
  static int s[4];
  s[0] = threadIdx.x;
}
