//xfail:NOT_ALL_VERIFIED
//--blockDim=[1024] --gridDim=[1]
// Racy: the requirement keeps only the low 8 bits of n & (n - 1), so it
// allows n = 1536 (1536 & 1535 = 1024, whose low byte is 0), not only
// powers of two.  With n = 1536, t & (n - 1) = t & 1535 = t & 511 for
// t < 1024: threads 0 and 512 both write a[0], with their own indices.
// (For a power n >= 1024 the cells t are distinct; the front end took the
// requirement for `(n & (n - 1)) == 0` through the cast and assumed n a
// power.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires(n >= 1024 && (unsigned char)(n & (n - 1)) == 0);
  unsigned t = threadIdx.x;
  a[t & (n - 1)] = t;
}
