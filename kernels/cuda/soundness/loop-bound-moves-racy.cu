//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the bound is read before every iteration, and the body moves it.
// n is 2 at entry, but the first iteration sets it to 8, so i runs from 0
// to 7; at i = 3 every thread writes x[0], with no barrier in between.
// Taking the bound's value at entry (i = 0, 1 only) misses the writes and
// answers DRF.
__global__ void k(int *x)
{
  int n = 2;
  for (int i = 0; i < n; i++) {
    if (i == 0)
      n = 8;
    if (i == 3)
      x[0] = threadIdx.x;
  }
}
