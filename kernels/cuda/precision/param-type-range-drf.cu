//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: an `int` is at most 2^31 - 1 = 2147483647, so the sum of two
// (computed in `long long`, no wrap-around) is at most 4294967294 and the
// write never happens.  A checker that does not bound the parameters by
// their C type finds n = 2^32.
__global__ void k(int *a, int n, int m)
{
  long long x = (long long)n + m;
  if (x > 4294967294LL)
    a[0] = threadIdx.x;
}
