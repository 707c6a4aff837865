//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Racy: tile32-sync-drf.cu with the rotation taken over the block instead
// of the tile: thread t reads buf[bb + (t + 1) % 128].  Thread 31 (tile 0)
// reads buf[bb + 32] in phase 2, which thread 32 (tile 1) writes in phases
// 1 and 3.  The barriers between them are tile barriers (tile.sync(),
// cg::sync(tile), cg::synchronize(tile)) of two different tiles: each
// orders the 32 threads of its own tile only, so nothing orders thread 31
// and thread 32.  The slices of different blocks stay disjoint.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(const int *in, int *buf, int *out)
{
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned int t = threadIdx.x;
  unsigned int bb = blockIdx.x * blockDim.x;
  buf[bb + t] = in[bb + t];
  tile.sync();
  int v = buf[bb + (t + 1) % 128];
  cg::sync(tile);
  buf[bb + t] = 2 * v;
  cg::synchronize(tile);
  out[bb + t] = buf[bb + (t + 127) % 128];
}
