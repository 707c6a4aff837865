//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy, twice: each loop leaves by its `break`, so its variables keep the
// values of the iteration that breaks.  The first loop over powers stops
// at s = 4 (not 64): after it every thread writes a[0] = threadIdx.x
// (threads 0 and 1, unordered).  In the second, j moves with i and the
// loop stops at i = 2, so j = 2 after it, and every thread writes b[0].
// Taking the values of loops that run to their bound (s = 64 after the
// unrolled loop, j = 8) misses both writes and answers DRF.
__global__ void k(int *a, int *b)
{
  unsigned s;
  for (s = 1; s < 64; s *= 2) {
    if (s == 4)
      break;
  }
  if (s == 4)
    a[0] = threadIdx.x;
  int j = 0;
  for (int i = 0; i < 8; i++, j++) {
    if (i == 2)
      break;
  }
  if (j == 2)
    b[0] = threadIdx.x;
}
