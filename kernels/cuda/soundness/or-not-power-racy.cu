//xfail:NOT_ALL_VERIFIED
//--blockDim=[2] --gridDim=[1]
// Racy: with n = 3, 0 | 3 = 1 | 3 = 3, so threads 0 and 1 both write a[3],
// with their own indices.  (Were n a power of two, t | n would be t + n
// for t < n <= n's bit, distinct cells: n is not known to be one.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires(n >= 2);
  unsigned t = threadIdx.x;
  a[t | n] = t;
}
