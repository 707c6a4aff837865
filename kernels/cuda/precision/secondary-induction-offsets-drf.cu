//pass
//--blockDim=[64] --gridDim=[1]
// DRF: in each loop the secondary induction variable counts the
// iterations from 0: the first loop runs i = 4..7, the second i = 8, 6,
// 4, 2, the third i = 11 down to 8; each runs four iterations, so j, m
// and q take 0..3.  Thread t writes a[4t + j], b[4t + m] and c[4t + q],
// cells no other thread writes, and no condition `> 3` holds, so nobody
// writes x[0].  (The iteration number is k - 4 for the first loop's
// emitted counter k = i, k for the second, whose value is 8 - 2k, and
// 11 - k for the third, counted down by 1: a secondary computed from k
// itself would exceed 3.)
__global__ void k(int *a, int *b, int *c, int *x)
{
  int j = 0;
  for (int i = 4; i < 8; i++, j++) {
    a[4 * threadIdx.x + j] = i;
    if (j > 3)
      x[0] = threadIdx.x;
  }
  int m = 0;
  for (int i = 8; i > 0; i -= 2, m++) {
    b[4 * threadIdx.x + m] = i;
    if (m > 3)
      x[0] = threadIdx.x;
  }
  int q = 0;
  for (int i = 11; i >= 8; i--, q++) {
    c[4 * threadIdx.x + q] = i;
    if (q > 3)
      x[0] = threadIdx.x;
  }
}
