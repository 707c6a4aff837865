//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: with n = m = 2147483647 the sum is 4294967294, above the bound, so
// every thread writes its own id to a[0]: threads 0 and 1 race.  The twin
// of param-type-range-drf.cu, one below its bound.
__global__ void k(int *a, int n, int m)
{
  long long x = (long long)n + m;
  if (x > 4294967293LL)
    a[0] = threadIdx.x;
}
