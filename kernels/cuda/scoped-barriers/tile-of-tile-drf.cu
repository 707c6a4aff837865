//pass
//--blockDim=128 --gridDim=1
// Race-free: a tile of a tile, quad = tiled_partition<4>(warp) with warp =
// tiled_partition<32>(block).  quad's instances are lanes 4i..4i+3 of each
// warp, i.e. threads t & ~3 .. (t & ~3) + 3.  Cell s[c] is written by
// thread c (phases 1, 3, 5) and read by thread c ^ 16 (phase 2: same warp,
// another quad), by c ^ 1 (phase 4) and by c ^ 2 (phase 6), both in c's
// quad.  Phases 1|2 and 2|3 are separated by warp.sync(), which orders c and
// c ^ 16 (one warp, whole warp arrives); phases 3|4, 4|5 and 5|6 by
// quad.sync(), which orders c with c ^ 1 and c ^ 2 (one quad, whole quad
// arrives).  The write of phase 1 and the reads of phases 4 and 6 are
// separated by warp.sync() too.  So every conflicting pair is ordered.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(const int *in, int *out)
{
  __shared__ int s[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<4> quad = cg::tiled_partition<4>(warp);
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  warp.sync();
  int a = s[t ^ 16];
  warp.sync();
  s[t] = a;
  quad.sync();
  int b = s[t ^ 1];
  quad.sync();
  s[t] = a + b;
  quad.sync();
  out[t] = s[t ^ 2];
}
