//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy: as grid-barrier-drf.cu but with a block barrier, which does not
// order threads of different blocks: thread 63 of block 0 reads a[64]
// while thread 0 of block 1 may already be writing it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift_left(int *a)
{
  cg::thread_block block = cg::this_thread_block();
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int right = a[i + 1];
  block.sync();
  a[i] = right;
}
