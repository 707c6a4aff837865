//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// The reduction of cooperative-groups-drf.cu without the barrier between
// the load and the first step: thread t + 128 writes sdata[t + 128] while
// thread t reads it in step s = 128.  (A tile's `sync` is a warp barrier,
// which does not order the two threads: they are in different warps.)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_sum(const int *in, int *out) {
  __shared__ int sdata[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  unsigned int t = cg::thread_rank(block);
  sdata[t] = in[blockIdx.x * 256 + t];
  cg::sync(warp);
  for (unsigned int s = 128; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    cg::sync(block);
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
}
