//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the `while` loop counts the `signed char` c up 200 times; `c++`
// computes in `int` and converts back modulo 2^8, so c ends at -56 and
// thread 0 writes p[-56] = a[144] = 1, the cell thread 56 writes (= 2).  A
// front end that keeps a variable only counted up non-negative (true for an
// `int`, whose overflow is undefined) sees p[c] with c ≥ 0 against p[-t]
// with t ≥ 1 and answers DRF.
__global__ void k(int *a)
{
  signed char c = 0;
  int i = 0;
  while (i < 200) {
    c++;
    i++;
  }
  int *p = a + 200;
  if (threadIdx.x == 0)
    p[c] = 1;
  else
    p[-(int)threadIdx.x] = 2;
}
