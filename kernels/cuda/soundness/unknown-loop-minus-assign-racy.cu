//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: as unknown-loop-decrement-racy.cu, but the `while` loop moves j
// with `j -= 1`: j = -n < 0 after n ≥ 1 iterations, and every thread
// writes a[0].
__global__ void k(int *a, int n)
{
  int i = 0;
  int j = 0;
  while (i < n) {
    j -= 1;
    i++;
  }
  if (j < 0)
    a[0] = threadIdx.x;
}
