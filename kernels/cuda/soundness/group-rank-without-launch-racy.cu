//xfail:NOT_ALL_VERIFIED
// Racy (no launch is given): threads 0 and 1 of a block have ranks 0 and 1,
// and both write a[0] (= 0 and = 1), unordered; across blocks, rank 0 of
// every block writes a[0] too.  The kernel reads threadIdx and blockIdx
// only through methods of cooperative groups, so a front end that looks
// for the built-ins in the kernel's text alone assumes blocks of one thread
// and a grid of one block ("the kernel never uses threadIdx.x") and
// answers DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *a)
{
  cg::thread_block b = cg::this_thread_block();
  a[b.thread_rank() / 2] = b.thread_rank();
}
