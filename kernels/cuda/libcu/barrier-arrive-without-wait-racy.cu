//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: a cuda::barrier's arrive() alone does not wait for the others.
// Thread 1 writes s[1], arrives, and thread 0 (which arrived too, and did
// not wait) reads s[0 ^ 1] = s[1]: unordered.  (mapcheck reads no
// cuda::barrier operation as a barrier, so it finds the race either way.)
#include <cuda/barrier>

__global__ void exchange(int *out)
{
  __shared__ int s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  (void)bar.arrive();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
