//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy although the data stays inside a warp: tile16-mirror-drf.cu with
// the last read rotated over the warp, s[w + (t + 1) % 32] (w = t - t % 32),
// instead of over the tile of 16.  Thread 15 reads s[16], which thread 16
// writes in phase 3 (s[t] = v + 1).  Threads 15 and 16 are in one warp but
// in two tiles of 16, {0..15} and {16..31}; h.sync() orders the 16 threads
// of the caller's tile only (it is not a warp barrier), so nothing orders
// the write and the read.  (Likewise thread 31 reads s[0], thread 47 reads
// s[48], thread 63 reads s[32].)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void mirror(const int *in, int *out)
{
  __shared__ int s[64];
  cg::thread_block_tile<16> h = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned int t = threadIdx.x;
  unsigned int r = h.thread_rank();
  unsigned int base = t - r;
  unsigned int w = t - t % 32;
  s[t] = in[t];
  h.sync();
  int v = s[base + 15 - r];
  h.sync();
  s[t] = v + 1;
  h.sync();
  out[t] = s[w + (t + 1) % 32];
}
