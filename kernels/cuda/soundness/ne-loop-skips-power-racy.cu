//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: i takes 1, 2, 4, … and never equals 3, so the `!=` loop passes its
// bound and runs until the `break` at i = 4, where every thread writes a[0]
// = threadIdx.x (threads 0 and 1, unordered).  Taking the loop's values as
// the powers below 3 (1 and 2) never reaches the write and answers DRF.
__global__ void k(int *a)
{
  for (int i = 1; i != 3; i *= 2) {
    if (i == 4) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
