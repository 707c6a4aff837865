//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s takes 32, 16, 8, 4, 2, 1 and never equals 3, so the `!=` loop
// passes its bound and runs until the `break` at s = 1, where every thread
// writes a[0] = threadIdx.x (threads 0 and 1, unordered).  Taking the
// loop's values as the halvings above 3 (32 down to 4) never reaches the
// write and answers DRF.  (ne-loop-skips-power-racy.cu, counting down.)
__global__ void k(int *a)
{
  for (unsigned s = 32; s != 3; s /= 2) {
    if (s == 1) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
