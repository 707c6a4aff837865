//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the mask (1ull << 40) - 1 is cast to `unsigned`, 0xFFFFFFFF, and
// zero-extended again against the `unsigned long long` x = t * 2^32, so
// x & mask is 0 for every thread: every thread writes a[0], with its own
// index.  (Taken for x % 2^40 — distinct cells — before the cast was
// looked at.)
__global__ void k(unsigned *a)
{
  unsigned long long x = (unsigned long long)threadIdx.x << 32;
  a[x & (unsigned)((1ull << 40) - 1)] = threadIdx.x;
}
