//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `if (j = 1; j > 0)` first runs its init-statement j = 1, then tests
// j > 0, which holds: every thread writes a[j - 1] = a[0]; threads 0 and 1
// write 0 and 1 there, unordered.
__global__ void k(int *a)
{
  int j = threadIdx.x;
  if (j = 1; j > 0)
    a[j - 1] = threadIdx.x;
}
