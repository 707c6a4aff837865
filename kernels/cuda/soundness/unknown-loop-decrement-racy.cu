//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the `while` loop runs n ≥ 1 times (n is a kernel parameter, here
// any n ≥ 1) and counts j down from 0 with `j--`, so j = -n < 0 after it:
// every thread writes a[0].  A front end that keeps a variable the loop
// moves non-negative when it starts non-negative must leave out the ones
// the loop counts down.
__global__ void k(int *a, int n)
{
  int i = 0;
  int j = 0;
  while (i < n) {
    j--;
    i++;
  }
  if (j < 0)
    a[0] = threadIdx.x;
}
