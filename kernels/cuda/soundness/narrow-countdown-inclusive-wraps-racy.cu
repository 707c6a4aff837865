//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the `unsigned char` c runs 9, 7, 5, 3, 1, and then 1 - 2 = -1 is
// converted back to 255, which is still ≥ 1: in that iteration every
// thread writes a[0] (and leaves the loop).  Threads 0 and 1 write a[0]
// with 0 and 1.  Counting down by 2 to an inclusive bound of 1 steps
// below 0.
__global__ void k(int *a)
{
  for (unsigned char c = 9; c >= 1; c -= 2) {
    if (c > 9) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
