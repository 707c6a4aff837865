//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: binary_partition splits the warp by a per-thread predicate into
// two groups (CUDA: it returns a coalesced_group), and each group has a
// thread of rank 0.  With in[0] > 0 and in[1] <= 0, threads 0 and 1 are
// both of rank 0 in their groups and both write out[0], unordered.  A
// model that took the partition for a tile of 32 would give rank 0 to
// thread 0 alone and miss the race.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void leaders(int *out, const int *in)
{
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  auto part = cg::binary_partition(warp, in[threadIdx.x] > 0);
  if (part.thread_rank() == 0)
    out[0] = threadIdx.x;
}
