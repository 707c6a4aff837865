//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `0u - 1` is the `unsigned` 0xFFFFFFFF, zero-extended to
// 0x00000000FFFFFFFF against the `unsigned long long` x = t * 2^32, so
// x & (0u - 1) is 0 for every thread: every thread writes a[0], with its
// own index.  (The rule `x & (p - 1)` = x % p for a power p, with p = 0
// giving x % 0 = x, holds only if the mask is all ones in x's width; the
// front end took it here and saw the distinct cells t * 2^32.)
__global__ void k(unsigned *a)
{
  unsigned long long x = (unsigned long long)threadIdx.x << 32;
  a[x & (0u - 1)] = threadIdx.x;
}
