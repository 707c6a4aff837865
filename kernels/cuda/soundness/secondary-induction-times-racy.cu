//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment doubles p beside the counter (i++, p *= 2): p is 1,
// 2, 4, 8, and at i = 3 every thread writes z[0] = threadIdx.x (threads 0
// and 1, unordered).  p moves by a factor, not by a step: taking it for
// an induction variable moved by 2 per iteration (1, -1, -3, -5 if the
// factor is read as a step down) misses the write and answers DRF.
__global__ void k(int *z)
{
  int p = 1;
  for (int i = 0; i < 4; i++, p *= 2) {
    if (p == 8)
      z[0] = threadIdx.x;
  }
}
