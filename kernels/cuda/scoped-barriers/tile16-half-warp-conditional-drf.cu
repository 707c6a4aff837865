//pass
//--blockDim=64 --gridDim=1
// Race-free, the twin of syncwarp-half-warp-divergent.cu with a tile
// barrier of 16: h.sync() under t % 32 < 16 is reached by every thread of
// the tiles of 16 {0..15} and {32..47} and by no thread of {16..31} and
// {48..63}.  A tile barrier synchronises its own tile only, so a tile none
// of whose threads arrive is not divergent, and lanes 16..31 are not named
// by the barrier of lanes 0..15.  Thread t ^ 1 writes s[t ^ 1] before
// h.sync() and thread t reads it after; both are in t's tile of 16.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void half(const int *in, int *out)
{
  __shared__ int s[64];
  cg::thread_block_tile<16> h = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  if (t % 32 < 16) {
    h.sync();
    out[t] = s[t ^ 1];
  }
  __syncthreads();
}
