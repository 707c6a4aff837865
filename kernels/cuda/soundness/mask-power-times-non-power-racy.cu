//xfail:NOT_ALL_VERIFIED
//--blockDim=[6] --gridDim=[1]
// Racy: s is a power of two (2, 4, ... below the parameter n, so that
// the loop is not unrolled into constants) but 3 * s is not: with n = 3,
// in the first round t & (3 * 2 - 1) = t & 5, and threads 0 and 2 both
// write a[0] with their own indices.  (t % (3 * s) would be distinct
// cells for t < 6: 3 * s must not be taken for a power because s is one.
// The bound n <= 64 keeps 3 * s from wrapping around in the model.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires(n <= 64);
  unsigned t = threadIdx.x;
  for (unsigned s = 2; s < n; s <<= 1) {
    a[t & (3 * s - 1)] = t;
    __syncthreads();
  }
}
