//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the `unsigned char` c runs 250, 252, 254, and then 254 + 2 = 256
// is converted back to 0, which is still ≤ 254: in that iteration every
// thread writes a[0] (and leaves the loop).  Threads 0 and 1 write a[0]
// with 0 and 1.  Counting up by 2 to an inclusive bound of 254 steps past
// the type's 255.
__global__ void k(int *a)
{
  for (unsigned char c = 250; c <= 254; c += 2) {
    if (c < 250) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
