//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy for n = -1 (within the assumed magnitude below 2^31 of the wide
// parameter): every thread writes a[0], with its own index.  (The
// assumption bounds the negative part of a `long long` by 2^31, not 0.)
__global__ void k(unsigned *a, long long n)
{
  if (n < 0)
    a[0] = threadIdx.x;
}
