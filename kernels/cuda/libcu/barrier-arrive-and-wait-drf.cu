//pass
//--blockDim=64 --gridDim=1
// Race-free: the barrier is initialised for blockDim.x threads, and every
// thread of the block calls arrive_and_wait once, so the phase completes
// only when all 64 have arrived: thread 1's write of s[1] happens before
// thread 0's read of s[0 ^ 1] after the wait.  The __syncthreads() orders
// thread 0's init before every arrival.
#include <cuda/barrier>

__global__ void exchange(int *out)
{
  __shared__ int s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  bar.arrive_and_wait();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
