// expect: drf
// Twin of null-compare-racy.cu: only thread 0 writes out[0] when there
// is no mask, and each thread writes out[tid] when there is one; thread
// 0's two writes are by one thread, so no two threads meet.
#include <cstddef>
__global__ void masked(int *out, const int *mask)
{
  if (mask == nullptr) {
    if (threadIdx.x == 0)
      out[0] = 1;
  }
  if (mask != NULL) {
    out[threadIdx.x] = mask[threadIdx.x];
  }
}
