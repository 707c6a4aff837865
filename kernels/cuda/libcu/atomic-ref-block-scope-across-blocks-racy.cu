//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
// Racy: an atomic of thread_scope_block is atomic only with respect to the
// threads of the caller's block.  Thread 0 of block 0 and thread 0 of
// block 1 both update the global count[0] through such a reference: for
// two threads of different blocks the two updates are plain reads and
// writes of the same cell, unordered.
#include <cuda/atomic>

__global__ void tally(int *count)
{
  cuda::atomic_ref<int, cuda::thread_scope_block> c(count[0]);
  c.fetch_add(1);
}
