//pass
//--blockDim=48 --gridDim=1
// Race-free, though the block's second warp is cut: 48 is a multiple of
// 16, so tiled_partition<16> has three whole tiles, {0..15}, {16..31} and
// {32..47} (the last one is lanes 0..15 of warp 1, all present).  Thread t
// (lane r = t % 16, base = t - r) touches s[t] (writes, phases 1 and 3),
// s[base + 15 - r] (phase 2) and s[t ^ 1] (phase 4), all in t's tile of
// 16; h.sync() between the phases is reached by every thread of every
// tile.  Contrast with syncwarp-block48-cut-warp-divergent.cu, where the
// barrier is a warp's.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void pairs(const int *in, int *out)
{
  __shared__ int s[48];
  cg::thread_block_tile<16> h = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned int t = threadIdx.x;
  unsigned int r = h.thread_rank();
  unsigned int base = t - r;
  s[t] = in[t];
  h.sync();
  int v = s[base + 15 - r];
  h.sync();
  s[t] = v;
  h.sync();
  out[t] = s[t ^ 1];
}
