//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the twin of barrier-arrive-and-wait-drf.cu whose barrier counts
// only half the block.  A phase completes after 32 arrivals, so thread 0
// can leave arrive_and_wait among the first 32 arrivals, before thread 1
// has arrived (and written s[1]), and read s[0 ^ 1] = s[1]: unordered.
#include <cuda/barrier>

__global__ void exchange(int *out)
{
  __shared__ int s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x / 2);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  bar.arrive_and_wait();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
