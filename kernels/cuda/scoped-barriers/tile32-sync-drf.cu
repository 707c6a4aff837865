//pass
//--blockDim=128 --gridDim=4
// Race-free.  Each block works on its own slice buf[128 b .. 128 b + 127]
// of global memory, and inside it each tile of 32 (tiled_partition<32> of
// the block: threads 32 w .. 32 w + 31) on its own 32 cells: thread t,
// lane r = tile.thread_rank(), base = t - r, touches buf[bb + base + j]
// only, 0 <= j < 32.  Cell c = bb + base + j is written by lane j (phases
// 1 and 3), read by lane j - 1 mod 32 (phase 2) and by lane j + 1 mod 32
// (phase 4).  The phases are separated by tile.sync(), cg::sync(tile) and
// cg::synchronize(tile), each reached by all 32 threads of the tile (128
// is a multiple of 32), so every two accesses to c by different threads
// are ordered.  Different blocks touch disjoint cells.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(const int *in, int *buf, int *out)
{
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned int t = threadIdx.x;
  unsigned int bb = blockIdx.x * blockDim.x;
  unsigned int r = tile.thread_rank();
  unsigned int base = t - r;
  buf[bb + t] = in[bb + t];
  tile.sync();
  int v = buf[bb + base + (r + 1) % 32];
  cg::sync(tile);
  buf[bb + t] = 2 * v;
  cg::synchronize(tile);
  out[bb + t] = buf[bb + base + (r + 31) % 32];
}
