//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s runs 1, 3, 9, … below n; for n = 4 it takes the values 1 and 3
// (9 ends the loop, no overflow), and at 3 s & (s - 1) = 2 ≠ 0: every
// thread writes a[0].  A loop multiplying by 3 does not keep a power of
// two a power of two (only a multiplier that is itself a power of two
// does).  (With an `unsigned` s and n the loop may wrap and is not
// normalised at all.)
__global__ void k(int *a, int n)
{
  for (int s = 1; s < n; s *= 3) {
    if (s & (s - 1))
      a[0] = threadIdx.x;
  }
}
