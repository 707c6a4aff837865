//xfail:NOT_ALL_VERIFIED
//--blockDim=[6] --gridDim=[1]
// Racy: s is a power of two (2, then 4) but 3 * s is not: in the first
// round t & (3 * 2 - 1) = t & 5, and threads 0 and 2 both write a[0]
// with their own indices.  (t % 6 and t % 12 would be distinct cells for
// t < 6: 3 * s must not be taken for a power because s is one.)
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  for (unsigned s = 2; s <= 4; s <<= 1) {
    a[t & (3 * s - 1)] = t;
    __syncthreads();
  }
}
