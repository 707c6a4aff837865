//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[16]
// Racy: as cg-method-thread-rank-drf.cu, but sums is indexed by the
// lane's rank in its tile, t.thread_rank() (0..31): every thread with
// t.thread_rank() < 8 stores sums[blockIdx.x * 8 + t.thread_rank()], so
// threads (3, 0) and (3, 1) (block ranks 3 and 35, both lane 3 of their
// tiles) store different values, their block ranks, to the same cell.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ranks(float *out, float *sums)
{
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(b);
  unsigned r = b.thread_rank();
  out[blockIdx.x * b.size() + r] = (float)r;
  if (t.thread_rank() < 8)
    sums[blockIdx.x * 8 + t.thread_rank()] = (float)r;
}
