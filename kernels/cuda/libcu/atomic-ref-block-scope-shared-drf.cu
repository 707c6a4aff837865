//pass
//--blockDim=64 --gridDim=4
// Race-free: a block-scope atomic on a __shared__ counter.  Every thread
// of a block adds to n through a cuda::atomic_ref of thread_scope_block,
// atomic for the threads of the block, the only ones that share n.
// Thread 0 sets n before the barrier and reads it after the second one;
// out[blockIdx.x] is written by thread 0 of that block alone.
#include <cuda/atomic>

__global__ void count_block(int *out)
{
  __shared__ int n;
  if (threadIdx.x == 0)
    n = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> c(n);
  c.fetch_add(1);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = n;
}
