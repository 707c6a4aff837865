//pass
//--blockDim=256 --gridDim=64
// Cooperative groups: a block reduction in shared memory that
// synchronises with `cg::sync(block)` and indexes by
// `cg::thread_rank(block)` (= threadIdx.x for a 1-D block).  In step s a
// thread t < s reads sdata[t + s] and writes sdata[t]; the cells written
// (< s) and the cells read by other threads (>= s) are disjoint, and a
// barrier separates the steps.  Thread 0 alone writes out[blockIdx.x].
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_sum(const int *in, int *out) {
  __shared__ int sdata[256];
  cg::thread_block block = cg::this_thread_block();
  unsigned int t = cg::thread_rank(block);
  sdata[t] = in[blockIdx.x * 256 + t];
  cg::sync(block);
  for (unsigned int s = 128; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    cg::sync(block);
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
}
