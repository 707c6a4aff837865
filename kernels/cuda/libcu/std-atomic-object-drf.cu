//pass
//--blockDim=128 --gridDim=1
// Race-free: a cuda::std::atomic<int> in shared memory is set by thread 0
// (a plain store through operator=, an atomic store here), then after a
// barrier every thread increments it atomically; the atomic operations do
// not race with each other, and the barrier orders the store before them.
#include <cuda/std/atomic>

__global__ void count_all(int *out)
{
  __shared__ cuda::std::atomic<int> n;
  if (threadIdx.x == 0)
    n.store(0);
  __syncthreads();
  int mine = n.fetch_add(1);
  out[threadIdx.x] = mine;
}
