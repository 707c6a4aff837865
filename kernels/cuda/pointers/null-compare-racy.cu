// expect: racy
// `p == nullptr` and `p != NULL` compare a pointer parameter with null.
// With `mask == nullptr` (an optional mask) the first branch is taken
// and all threads write their index to out[0]: a race.  With a mask,
// each thread writes out[tid].
#include <cstddef>
__global__ void masked(int *out, const int *mask)
{
  if (mask == nullptr) {
    out[0] = threadIdx.x;
  }
  if (mask != NULL) {
    out[threadIdx.x] = mask[threadIdx.x];
  }
}
