//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the body moves the `signed char` c once per iteration, and c wraps
// to -128 after 128 iterations (`c++` computes in `int` and converts back
// modulo 2^8), so every thread writes a[0] = threadIdx.x (threads 0 and 1,
// unordered).  Taking c as 0 + iteration keeps it ≥ 0 and answers DRF.
__global__ void k(int *a)
{
  signed char c = 0;
  for (int i = 0; i < 200; i++) {
    if (c < 0) a[0] = threadIdx.x;
    c++;
  }
}
