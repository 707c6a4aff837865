//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the step `s++` is evaluated after every iteration, and it moves s.
// i takes 0, 1, 3, 6, 10 while s is 1, 2, 3, 4, 5 in the body; in the
// iterations with s = 1 and s = 2 threads 1 and 2 write x[0], with no
// barrier in between.  Taking the step once, at entry (s = 1, then 2 for
// good), leaves a single writer, thread 2, and answers DRF.
__global__ void k(int *x)
{
  int s = 1;
  for (int i = 0; i < 16; i += s++) {
    if (threadIdx.x == s)
      x[0] = threadIdx.x;
  }
}
