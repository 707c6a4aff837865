//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop leaves by its break at i = 1, after one step of j, so
// j = 1 after it (not 4, its value had the loop run to its bound): the
// condition holds and every thread writes a[0].  After a loop with a
// jump, an induction variable's value is unknown.
__global__ void k(int *a)
{
  int j = 0;
  for (int i = 0; i < 4; i++, j++) {
    if (i == 1)
      break;
  }
  if (j != 4)
    a[0] = threadIdx.x;
}
