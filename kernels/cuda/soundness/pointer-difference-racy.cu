//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: d = (a + 64) - (a + t) = 64 - t; d / 2 is 31 for t = 1 (63 / 2) and
// t = 2 (62 / 2).  Threads 1 and 2 write a[31] with 1 and 2, unordered.
__global__ void k(int *a)
{
  int *p = a + threadIdx.x;
  int d = (a + 64) - p;
  a[d / 2] = threadIdx.x;
}
