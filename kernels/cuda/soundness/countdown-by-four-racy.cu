//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop counts i down by 4 from 9 while i >= 1: i = 9, 5, 1,
// three iterations, so j = 3 after it, and every thread writes a[0] =
// threadIdx.x (threads 0 and 1, unordered).  A front end that counted the
// loop by 1 (i = 9, 8, …, 1: 9 iterations) would give j = 9 and miss the
// write.  (countdown-step-negative-bound-racy.cu with a bound above 0.)
__global__ void k(int *a)
{
  int j = 0;
  for (int i = 9; i >= 1; i -= 4, j++) {
  }
  if (j == 3)
    a[0] = threadIdx.x;
}
