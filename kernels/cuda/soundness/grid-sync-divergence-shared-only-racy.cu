//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Barrier divergence across blocks: only block 0 reaches the grid barrier
// (cooperative groups' grid.sync()), which every block of the grid must
// reach; blocks 1..3 never do.  The kernel touches only shared memory, so
// checked across blocks it has no array at all: the divergence must still
// be reported (it was answered "no array accesses: drf").
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (blockIdx.x == 0)
    cg::this_grid().sync();
}
