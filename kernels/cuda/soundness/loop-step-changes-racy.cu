//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the step is evaluated after every iteration, and it changes.  In the
// first loop s is 5 at entry but the body sets it to 1, so i takes 0, 5, 6,
// 7; in the second the step reads the counter: 1 + 4 · (i == 0) is 5 and
// then 1, so m takes the same values.  At i = 6 (m = 6) every thread writes
// a[0] (b[0]) = threadIdx.x: threads 0 and 1, unordered.  Taking the step's
// value at entry (0, 5 only) misses both writes and answers DRF.
__global__ void k(int *a, int *b)
{
  int s = 5;
  for (int i = 0; i < 8; i += s) {
    s = 1;
    if (i == 6)
      a[0] = threadIdx.x;
  }
  for (int m = 0; m < 8; m += 1 + 4 * (m == 0)) {
    if (m == 6)
      b[0] = threadIdx.x;
  }
}
