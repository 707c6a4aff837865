//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement allows n = 66 (even, at least 64), not only powers
// of two, and t & (66 - 1) = t & 65: threads 0 and 2 both write a[0], with
// their own indices.  ((n & 1) == 0 is not (n & (n - 1)) == 0; for a
// power n >= 64 the cells t would be distinct.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires(n >= 64 && (n & 1) == 0);
  unsigned t = threadIdx.x;
  a[t & (n - 1)] = t;
}
