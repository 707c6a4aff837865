//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy when n is negative: `i /= 2` from a negative start also reaches 0
// (C division truncates toward zero), so the loop runs with i = n, n/2,
// ... < 0, and every thread writes a[0] (its own index) in one interval.
// `i != 0` is `i > 0` only from a non-negative start.
__global__ void k(int *a, int n)
{
  for (int i = n; i != 0; i /= 2) {
    if (i < 0)
      a[0] = threadIdx.x;
  }
}
