//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the `unsigned char` s runs 1, 2, 4, …, 128, and then 128 * 2 = 256
// is converted back to 0, which is still ≤ 128: in that iteration every
// thread writes a[0] (and leaves the loop).  Threads 0 and 1 write a[0]
// with 0 and 1.  Doubling up to an inclusive bound of 128 steps past the
// type's 255.
__global__ void k(int *a)
{
  for (unsigned char s = 1; s <= 128; s *= 2) {
    if (s == 0) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
