//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the first launch passes `c` into the same storage as `a` (x), the
// second into the same storage as `b` (x again, now `b`).  In the second
// launch thread i writes x[i] through `b` and thread i - 1 reads x[i]
// through `c[(i - 1) + 1]`, with no barrier: a race.  In neither launch
// do `a` and `b` overlap, so the assumption that they are distinct holds;
// `c` must be checked as one array with both of them.

__global__ void k(int *a, int *b, const int *c)
{
  b[threadIdx.x] = c[threadIdx.x + 1] + a[0];
}

int main()
{
  int *x, *y;
  cudaMalloc(&x, 65 * sizeof(int));
  cudaMalloc(&y, 65 * sizeof(int));
  k<<<1, 64>>>(x, y, x);
  k<<<1, 64>>>(y, x, x);
  return 0;
}
