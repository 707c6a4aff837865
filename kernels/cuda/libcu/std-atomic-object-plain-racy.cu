//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Racy: the twin of std-atomic-object-drf.cu without the barrier.  Thread
// 0's store of 0 into n and thread 1's fetch_add on n are both atomic, but
// the shared int next to it is not: thread 0 writes last = 1 while thread 1
// reads last, unordered.
#include <cuda/std/atomic>

__global__ void count_all(int *out)
{
  __shared__ cuda::std::atomic<int> n;
  __shared__ int last;
  if (threadIdx.x == 0) {
    n.store(0);
    last = 1;
  }
  int mine = n.fetch_add(1);
  out[threadIdx.x] = mine + last;
}
