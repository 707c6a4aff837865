//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=3
// Racy: tile4-reverse-drf.cu with the first exchange reversed inside the
// next tile of 4 of the block, buf[bb + (t - r + 4) % 64 + 3 - r], instead
// of the thread's own.  Thread 0 of a block reads buf[bb + 7] in phase 2;
// thread 7 of the same block writes buf[bb + 7] in phases 1 and 3.  Threads
// 0 and 7 share a tile of 8, a warp and a block, but not a tile of 4
// ({0..3} and {4..7}), and the only barriers are q.sync() of tiles of 4,
// which order the 4 threads of their own tile only.  Different blocks
// still touch disjoint slices.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse4(const int *in, int *buf, int *out)
{
  cg::thread_block_tile<4> q = cg::tiled_partition<4>(cg::this_thread_block());
  unsigned int t = threadIdx.x;
  unsigned int bb = blockIdx.x * blockDim.x;
  unsigned int g = bb + t;
  unsigned int r = q.thread_rank();
  unsigned int base = g - r;
  buf[g] = in[g];
  q.sync();
  int v = buf[bb + (t - r + 4) % 64 + 3 - r];
  q.sync();
  buf[g] = v;
  q.sync();
  out[g] = buf[base + (r + 1) % 4];
}
