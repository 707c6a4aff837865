//pass
//--blockDim=64 --gridDim=1
// Race-free: the partitions of a warp (binary_partition of a tile,
// labeled_partition of a coalesced group) only decide which branch a
// thread takes; every thread writes its own cell out[threadIdx.x], whose
// index does not depend on the groups.  The file also checks that both
// partitions, and a coalesced group's rank, are declared as CUDA 12
// declares them (a coalesced_group each).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void classify(int *out, const int *in)
{
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::coalesced_group odd = cg::binary_partition(warp, in[threadIdx.x] % 2 != 0);
  cg::coalesced_group active = cg::coalesced_threads();
  cg::coalesced_group same = cg::labeled_partition(active, in[threadIdx.x]);
  out[threadIdx.x] = (int)(odd.thread_rank() + same.size());
}
