//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment also moves the `signed char` c, which wraps modulo
// 2^8 (`c++` computes in `int` and converts back): after 128 iterations c
// is -128, so every thread writes a[0] = threadIdx.x (threads 0 and 1,
// unordered).  Taking c as 0 + iteration (no wrap-around, as for an `int`)
// keeps c ≥ 0 and answers DRF.
__global__ void k(int *a)
{
  signed char c = 0;
  for (int i = 0; i < 200; i++, c++) {
    if (c < 0) a[0] = threadIdx.x;
  }
}
