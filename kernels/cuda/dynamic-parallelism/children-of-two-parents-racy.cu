//xfail:NOT_ALL_VERIFIED
// Dynamic parallelism, racy: two parents' children write the same cell.
// Thread 0 of every block launches a child grid `stamp` over the same
// array; each child's thread i writes a[i] = the launching block's index.
// The children of blocks 0 and 1 both write a[0], 0 and 1: two grids,
// ordered by nothing (blocks are not ordered, and a launch does not wait
// for its child), so the two writes race (and a[0]'s final value depends
// on which comes last).  Each child alone is race-free.
#include <cuda_runtime.h>

__global__ void stamp(int *a, int m, int v)
{
  int i = threadIdx.x;
  if (i < m)
    a[i] = v;
}

__global__ void stamp_per_block(int *a, int m)
{
  if (threadIdx.x == 0)
    stamp<<<1, 64>>>(a, m, blockIdx.x);
}

int main()
{
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  stamp_per_block<<<8, 32>>>(a, 64);
  cudaDeviceSynchronize();
  return 0;
}
