//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s is volatile shared memory but there is no barrier: thread 1 writes
// s[1] while thread 0 reads s[0 ^ 1] = s[1]; volatile orders nothing between
// threads (no warp-synchronous assumption).
__global__ void k(int *out)
{
  __shared__ volatile int s[64];
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
