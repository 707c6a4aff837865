//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: printf evaluates its arguments.  Thread t writes a[t] and then
// reads a[(t + 1) % 64] for printf, the cell thread t + 1 writes (threads 0
// and 1 on a[1]); and every thread writes b[0] = threadIdx.x inside the
// call.  No barrier orders them.  Skipping printf like an annotation drops
// both accesses.
#include <cstdio>
__global__ void k(int *a, int *b)
{
  a[threadIdx.x] = threadIdx.x;
  printf("%d %d\n", a[(threadIdx.x + 1) % 64], b[0] = threadIdx.x);
}
