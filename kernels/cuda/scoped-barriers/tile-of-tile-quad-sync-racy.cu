//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Racy: tile-of-tile-drf.cu with the second warp.sync() replaced by
// quad.sync() (quad = tiled_partition<4>(tiled_partition<32>(block))).
// Thread 16 reads s[16 ^ 16] = s[0] in phase 2; thread 0 writes s[0] in
// phase 3 (s[t] = a).  The only barrier between the read and the write is
// quad.sync(), and threads 0 and 16 are in different quads ({0..3} and
// {16..19}) of one warp: a quad barrier orders nothing between them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(const int *in, int *out)
{
  __shared__ int s[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  auto quad = cg::tiled_partition<4>(warp);
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  warp.sync();
  int a = s[t ^ 16];
  quad.sync();
  s[t] = a;
  quad.sync();
  int b = s[t ^ 1];
  quad.sync();
  s[t] = a + b;
  quad.sync();
  out[t] = s[t ^ 2];
}
