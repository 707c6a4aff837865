//pass
//--blockDim=[2,32,2] --gridDim=[1]
// Race-free: x = 64 * threadIdx.x + 32 * threadIdx.z (0, 32, 64 or 96) is
// a sum of two multiples of 32, so its five low bits are 0, and
// y = threadIdx.y is below 32: x | y is x + y, a different cell for each
// thread (0..127).  (Written as a sum of two products, not 32 * (...):
// the low zero bits of a sum are those its terms share.)
__global__ void k(unsigned *a)
{
  unsigned x = 64 * threadIdx.x + 32 * threadIdx.z;
  unsigned y = threadIdx.y;
  a[x | y] = x + y;
}
