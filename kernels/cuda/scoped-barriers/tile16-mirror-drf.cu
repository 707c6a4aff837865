//pass
//--blockDim=64 --gridDim=1
// Race-free.  Tiles of 16 (tiled_partition<16> of the block): thread t,
// lane r = h.thread_rank() = t % 16, base = t - r.  Every access of thread
// t is to s[base + j], 0 <= j < 16: the data never leaves the tile of 16.
// Cell base + j is written by lane j (phases 1 and 3) and read by lane
// 15 - j (phase 2) and lane j - 1 mod 16 (phase 4); h.sync() between the
// phases is reached by all 16 threads of every tile (64 is a multiple of
// 16), so each such pair is ordered.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void mirror(const int *in, int *out)
{
  __shared__ int s[64];
  cg::thread_block_tile<16> h = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned int t = threadIdx.x;
  unsigned int r = h.thread_rank();
  unsigned int base = t - r;
  s[t] = in[t];
  h.sync();
  int v = s[base + 15 - r];
  h.sync();
  s[t] = v + 1;
  h.sync();
  out[t] = s[base + (r + 1) % 16];
}
