//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `x` starts as the thread's index, but memcpy overwrites it with
// in[0], the same value for every thread; so all threads write a[in[0]]
// (different values: their own index), e.g. threads 0 and 1 race on it.
// A copy into a thread's own variable must forget what it held.
#include <string.h>

__global__ void k(const int *in, int *a)
{
  int x = threadIdx.x;
  memcpy(&x, &in[0], sizeof(int));
  a[x] = threadIdx.x;
}
