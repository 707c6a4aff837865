//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the body moves c by the loop counter i, which changes every
// iteration, so c is not affine in the iteration: it takes 0, 0, 1, 3 at
// i = 0, 1, 2, 3.  At i = 3 every thread writes x[0] = threadIdx.x (threads
// 0 and 1, unordered).  Likewise d moves by b, which the increment moves.
// Taking the step's value at entry (i = 0, b = 0) keeps c and d at 0.
__global__ void k(int *x, int *y)
{
  int c = 0, d = 0, b = 0;
  for (int i = 0; i < 4; i++, b++) {
    if (c == 3)
      x[0] = threadIdx.x;
    if (d == 3)
      y[0] = threadIdx.x;
    c += i;
    d += b;
  }
}
