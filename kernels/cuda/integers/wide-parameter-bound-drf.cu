//pass
//--blockDim=[64] --gridDim=[1]
// Race-free under the printed assumption that the wide integer parameters
// (the `long long` n, the `unsigned` m) are below 2^31 in magnitude:
// neither n >= 2^31 nor m >= 2^31 holds, so no thread writes.  (With
// n = 2^31 or m = 2^31 every thread would write a[0] or a[1].  The bound
// is 2^31 - 1 exactly, and `long long` is wide.)
__global__ void k(unsigned *a, long long n, unsigned m)
{
  if (n >= 2147483648LL)
    a[0] = threadIdx.x;
  if (m >= 2147483648u)
    a[1] = threadIdx.x;
}
