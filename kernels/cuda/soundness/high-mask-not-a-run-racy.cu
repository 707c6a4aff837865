//xfail:NOT_ALL_VERIFIED
//--blockDim=[8] --gridDim=[1]
// Racy: 80 is 0b1010000, two bits (4 and 6) with a gap, not one run of
// bits, so (16 * t) & 80 is 16 * (t & 5): 0 for t = 0 and t = 2, which
// both write a[0].  (Read as "bits 4 up of x", i.e. x / 16 * 16 = 16 * t,
// the indices would be distinct.)
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  a[(16 * t) & 80] = t;
}
