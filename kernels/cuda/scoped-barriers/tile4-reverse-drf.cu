//pass
//--blockDim=64 --gridDim=3
// Race-free.  Global memory, one slice of 64 cells per block: g =
// 64 * blockIdx.x + threadIdx.x, r = q.thread_rank() = g % 4, base = g - r
// (tiles of 4, tiled_partition<4>, are threads base .. base + 3).  Thread
// g touches only buf[base + j], 0 <= j < 4: its own tile's cells.  Cell
// base + j is written by lane j (phases 1 and 3) and read by lane 3 - j
// (phase 2) and lane j - 1 mod 4 (phase 4); q.sync() between the phases is
// reached by all 4 threads of each tile (64 is a multiple of 4), so each
// pair is ordered.  Blocks touch disjoint slices.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse4(const int *in, int *buf, int *out)
{
  cg::thread_block_tile<4> q = cg::tiled_partition<4>(cg::this_thread_block());
  unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int r = q.thread_rank();
  unsigned int base = g - r;
  buf[g] = in[g];
  q.sync();
  int v = buf[base + 3 - r];
  q.sync();
  buf[g] = v;
  q.sync();
  out[g] = buf[base + (r + 1) % 4];
}
