//xfail:NOT_ALL_VERIFIED
//--blockDim=48 --gridDim=1
// Barrier divergence (undefined behaviour): tiled_partition<32> of a block
// of 48 threads.  CUDA requires the parent's size to be a multiple of the
// tile size; here the second tile, threads 32..47, lacks lanes 16..31, and
// its tile.sync() waits for threads that do not exist.  The exchange in
// that tile (thread 33 writes s[33], thread 32 reads s[32 ^ 1] = s[33])
// is ordered by that barrier only.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void pairs(const int *in, int *out)
{
  __shared__ int s[48];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  tile.sync();
  out[t] = s[t ^ 1];
}
