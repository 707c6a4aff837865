//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: j starts at -4 and the `while` loop only counts it up, but for
// n ≤ 0 it runs no iteration (and for n = 1 one), so j < 0 after it and
// every thread writes a[0].  Counting up keeps a variable non-negative
// only if it starts non-negative.
__global__ void k(int *a, int n)
{
  int i = 0;
  int j = -4;
  while (i < n) {
    j++;
    i++;
  }
  if (j < 0)
    a[0] = threadIdx.x;
}
