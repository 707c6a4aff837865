//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the second loop of loop-condition-narrowing-cast-racy.cu alone.
// `(int)u` is -1 at u = 2^32 - 1, below 5, so the loop runs (u wraps to
// 0, 1, …, 4) and at u = 0 every thread writes b[0] = threadIdx.x
// (threads 0 and 1, unordered).  Comparing the counter itself
// (2^32 - 1 < 5: false) finds no iteration and answers DRF.
__global__ void k(int *b)
{
  for (unsigned u = 4294967295u; (int)u < 5; u++) {
    if (u == 0)
      b[0] = threadIdx.x;
  }
}
