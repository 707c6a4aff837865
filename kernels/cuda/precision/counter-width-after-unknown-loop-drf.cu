//pass
//--blockDim=[64] --gridDim=[1]
// DRF: u starts at 0 and moves by 2 (an unsigned wraps modulo 2^32, an
// even number), so it is always even: `u % 2 == 1` never holds and
// nothing is written.  (j, an int counted up from 0 by the first loop, is
// at most 2^31 - 1 in a defined execution, so `u += 2` below it cannot
// wrap and the second loop is counted exactly.)
__global__ void k(int *a, int n)
{
  int i = 0;
  int j = 0;
  while (i < n) {
    i++;
    j += 2;
  }
  for (unsigned u = 0; u < j; u += 2) {
    if (u % 2 == 1)
      a[0] = threadIdx.x;
  }
}
