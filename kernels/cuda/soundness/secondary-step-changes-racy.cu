//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment moves c by b, and b itself by 1, so c is not affine
// in the iteration: it takes 0, 0, 1, 3 at i = 0, 1, 2, 3.  At i = 3 every
// thread writes x[0] = threadIdx.x (threads 0 and 1, unordered).  Taking
// b's value at entry as c's step keeps c at 0 and drops the write.
__global__ void k(int *x)
{
  int c = 0, b = 0;
  for (int i = 0; i < 4; i++, c += b, b++) {
    if (c == 3)
      x[0] = threadIdx.x;
  }
}
