//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy, twice.  In the first loop the increment moves j with i, but the
// body moves j too (j = 2 * j), so at the test j is 0, 2, 6, 14, 30, …:
// at i = 4, j = 30 and every thread writes x[0] = threadIdx.x (threads 0
// and 1, unordered).  Taking j for the induction variable j = i (so j =
// 2i at the test, at most 14) never reaches 30.  In the second the
// increment moves the counter itself twice (m++, m++): m is 0, 2, 4, 6,
// then 8 after the loop, and every thread writes y[0].  Taking the second
// m++ for an induction variable moved once per iteration of a loop of 7
// iterations (m < 7 counting by 1) gives m = 7 after the loop, and misses
// the write.
__global__ void k(int *x, int *y)
{
  int j = 0;
  for (int i = 0; i < 8; i++, j++) {
    j = 2 * j;
    if (j == 30)
      x[0] = threadIdx.x;
  }
  int m;
  for (m = 0; m < 7; m++, m++) {
  }
  if (m == 8)
    y[0] = threadIdx.x;
}
