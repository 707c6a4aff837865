//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the barrier is initialised by thread 0 with no __syncthreads()
// before the other threads arrive: thread 1's arrival (an update of the
// barrier's state) is unordered with thread 0's init (a plain write of
// it).  Using a barrier before its initialisation is visible is undefined.
#include <cuda/barrier>

__global__ void exchange(int *out)
{
  __shared__ int s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  s[threadIdx.x] = threadIdx.x;
  bar.arrive_and_wait();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
