//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy, twice.  In the first loop the increment moves j with i, but the
// body also sets j = 10 at i = 2, so j is 0, 1, 10, 11, 12, 13, …: at
// i = 5, j = 13 and every thread writes x[0] = threadIdx.x (threads 0
// and 1, unordered).  Taking j for the induction variable j = i (0 .. 7)
// never reaches 13.  In the second the increment moves the counter
// itself twice (m++, m++): m is 0, 2, 4, 6, then 8 after the loop, and
// every thread writes y[0].  Taking the second m++ for an induction
// variable moved once per iteration of a loop of 7 iterations (m < 7
// counting by 1) gives m = 7 after the loop, and misses the write.
__global__ void k(int *x, int *y)
{
  int j = 0;
  for (int i = 0; i < 8; i++, j++) {
    if (i == 2)
      j = 10;
    if (j == 13)
      x[0] = threadIdx.x;
  }
  int m;
  for (m = 0; m < 7; m++, m++) {
  }
  if (m == 8)
    y[0] = threadIdx.x;
}
