//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: every extern __shared__ array starts at the beginning of the one
// dynamic shared region, so s1 and s2 are the same memory (launch with at
// least 256 bytes of dynamic shared memory).  Thread 1 writes s1[1]; thread 0
// reads s2[1] (same cell) with no barrier in between.
__global__ void k(int *out)
{
  extern __shared__ int s1[];
  extern __shared__ int s2[];
  s1[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = s2[(threadIdx.x + 1) % 64];
}
