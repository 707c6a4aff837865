//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: i runs 0, 4, 8, 12, … below n: it starts at 0 (a power of two or
// 0) and steps by a power of two, but adding is not doubling: for n ≥ 13,
// i = 12 has i & (i - 1) = 8 ≠ 0, and every thread writes a[0].  (The
// counter is 4k for the emitted loop's k; k is no power of two either.)
__global__ void k(int *a, int n)
{
  for (int i = 0; i < n; i += 4) {
    if (i & (i - 1))
      a[0] = threadIdx.x;
  }
}
