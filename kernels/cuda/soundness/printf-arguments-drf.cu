//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: each thread prints the cell it wrote itself (a[t]) after
// writing it; printf's format string is a literal, not an array.
#include <cstdio>
__global__ void k(int *a)
{
  a[threadIdx.x] = threadIdx.x;
  printf("thread %d: %d\n", threadIdx.x, a[threadIdx.x]);
}
