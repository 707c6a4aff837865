//pass
//--blockDim=[64] --gridDim=[4]
// Race-free: a cooperative launch shifts the whole array left by one.
// Every thread reads its right neighbour's cell (possibly in the next
// block), then the grid barrier orders all reads before all writes, in
// every block; each thread then writes only its own cell.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift_left(int *a)
{
  cg::grid_group grid = cg::this_grid();
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int right = a[i + 1];
  grid.sync();
  a[i] = right;
}
