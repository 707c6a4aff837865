//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: threads add to count[0] atomically, but thread 0 also reads it
// with a plain load (`count[0]`, not through the atomic_ref) in the same
// barrier interval: thread 1's atomic fetch_add and thread 0's plain read
// of count[0] are unordered, and a plain access conflicts with an atomic
// one.
#include <cuda/atomic>

__global__ void tally(int *count, int *out)
{
  cuda::atomic_ref<int> c(count[0]);
  c.fetch_add(1);
  if (threadIdx.x == 0)
    out[0] = count[0];
}
