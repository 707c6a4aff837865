//pass
//--blockDim=[64] --gridDim=[1]
// DRF: the `while` loop only counts i, j and m up from 0 or sets them to
// non-negative constants (`i++`, `j += 2`, `m = 3`), and an `int` cannot
// overflow in a defined execution, so each stays non-negative after it:
// the condition below never holds and nothing is written.
__global__ void k(int *a, int n)
{
  int i = 0;
  int j = 0;
  int m = 0;
  while (i < n) {
    i++;
    j += 2;
    m = 3;
  }
  if (i < 0 || j < 0 || m < 0)
    a[0] = threadIdx.x;
}
