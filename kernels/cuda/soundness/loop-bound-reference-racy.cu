//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the bound is the reference r to n, 1 at entry; the body sets
// n = 2, so every thread runs i = 0 and i = 1: thread 0 writes a[1] at
// i = 1 and thread 1 writes a[1] at i = 0, unordered.  (r was not seen to
// change with n: one iteration, DRF.)
__global__ void k(int *a)
{
  int n = 1;
  int &r = n;
  for (int i = 0; i < r; i++) {
    a[threadIdx.x + i] = threadIdx.x;
    n = 2;
  }
}
