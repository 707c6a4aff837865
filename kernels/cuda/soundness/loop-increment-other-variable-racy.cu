//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment `i = m + 5` assigns i from another variable, m =
// -10, so after the first iteration i = -5, still below 4, and every
// thread writes a[0] = threadIdx.x (threads 0 and 1, unordered) before the
// `break`.  Reading the increment as `i += 5` (i = 0, then 5: the loop
// stops) never reaches the write and answers DRF.
__global__ void k(int *a)
{
  int m = -10;
  for (int i = 0; i < 4; i = m + 5) {
    if (i == -5) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
