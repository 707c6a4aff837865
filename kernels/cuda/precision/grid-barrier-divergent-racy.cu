//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Barrier divergence: only the even blocks reach the grid barrier, which
// every thread of the grid must reach.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift_left(int *a)
{
  cg::grid_group grid = cg::this_grid();
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x % 2 == 0) {
    int right = a[i + 1];
    grid.sync();
    a[i] = right;
  }
}
