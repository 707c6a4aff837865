//pass
//--blockDim=[32,8] --gridDim=[16]
// Race-free: cooperative groups' methods give the block's linear rank
// (b.thread_rank() = threadIdx.y * 32 + threadIdx.x, 0..255, distinct in
// a block), a tile's rank within its warp-sized tile
// (t.thread_rank() = rank % 32) and the tile's index
// (t.meta_group_rank() = rank / 32).  out[blockIdx.x * 256 + rank] is one
// cell per thread of the grid, and sums[blockIdx.x * 8 + tile] is written
// only by the lane 0 of each tile.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ranks(float *out, float *sums)
{
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(b);
  unsigned r = b.thread_rank();
  out[blockIdx.x * b.size() + r] = (float)r;
  if (t.thread_rank() == 0)
    sums[blockIdx.x * 8 + t.meta_group_rank()] = (float)t.meta_group_rank();
}
