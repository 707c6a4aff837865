//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy.  The twin of precision/cg-tile-declaration-drf.cu that waits on
// the tile (tile32.sync(), a barrier of the 32 threads of a warp only):
// thread 32 reads s[64] while thread 64, of another warp, writes it, with
// no barrier of both in between.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(const int *in, int *out)
{
  __shared__ int s[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  s[threadIdx.x] = in[threadIdx.x];
  tile32.sync();
  out[threadIdx.x] = s[(threadIdx.x + 32) % 256];
}
