//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: tiled_partition(block, 16) (size given at run time) splits the
// block into groups of 16 consecutive threads, {0..15}, {16..31}, ...;
// tile.sync() orders the threads of the caller's group only.  Thread 16
// writes s[16]; thread 0 reads s[0 ^ 16] = s[16] after tile.sync().
// Threads 0 and 16 are in one warp but in two groups, so nothing orders
// the write and the read.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void swap16(const int *in, int *out)
{
  __shared__ int s[64];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(block, 16);
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  tile.sync();
  out[t] = s[t ^ 16];
}
