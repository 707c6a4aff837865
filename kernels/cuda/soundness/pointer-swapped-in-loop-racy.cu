//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop swaps src and dst, so thread 0 writes b[0] in iteration 0
// and a[0] in iteration 1 (dst = a).  Thread 1 reads a[0] after the loop,
// with no barrier in between.  A front end that keeps each pointer in the
// array it pointed to before the loop (dst always in b) sees no write to a
// (and only thread 0 writing b) and answers DRF.
__global__ void k(int *a, int *b, int *out)
{
  int *src = a, *dst = b;
  for (int i = 0; i < 2; i++) {
    if (threadIdx.x == 0)
      dst[0] = i;
    int *t = src;
    src = dst;
    dst = t;
  }
  if (threadIdx.x == 1)
    out[0] = a[0];
}
