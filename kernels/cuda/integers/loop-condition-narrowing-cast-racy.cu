//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop tests a converted counter.  `(unsigned char)i` is 0 and
// then 1 at i = 256, 257, so the first loop runs twice and every thread
// writes a[0] = threadIdx.x (threads 0 and 1, unordered).  In the second,
// `(int)u` is -1 at u = 2^32 - 1, below 5, so the loop runs (u wraps to 0,
// 1, …, 4) and every thread writes b[0].  Comparing the counter itself (256
// < 2, 2^32 - 1 < 5: both false) finds no iteration and answers DRF.
__global__ void k(int *a, int *b)
{
  for (int i = 256; (unsigned char)i < 2; i++) {
    a[0] = threadIdx.x;
  }
  for (unsigned u = 4294967295u; (int)u < 5; u++) {
    if (u == 0)
      b[0] = threadIdx.x;
  }
}
