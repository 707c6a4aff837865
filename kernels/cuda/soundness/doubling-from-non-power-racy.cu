//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s runs 3, 6, 12, … below n; for n ≥ 4 its first value is 3, where
// s & (s - 1) = 2 ≠ 0, and every thread writes a[0].  Doubling keeps a
// value a power of two only if it starts as one.
__global__ void k(int *a, unsigned n)
{
  for (unsigned s = 3; s < n; s *= 2) {
    if (s & (s - 1))
      a[0] = threadIdx.x;
  }
}
