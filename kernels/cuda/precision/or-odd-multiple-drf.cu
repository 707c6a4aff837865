//pass
//--blockDim=[2,32] --gridDim=[1]
// Race-free: x = 32 * (2 * threadIdx.x + 1) = 64 * threadIdx.x + 32 (32 or
// 96) is a sum whose terms are multiples of 32, so its five low bits are 0,
// and y = threadIdx.y is below 32: x | y is x + y, distinct for distinct
// threads (32..63 for threadIdx.x = 0, 96..127 for 1).
__global__ void k(unsigned *a)
{
  unsigned x = 32 * (2 * threadIdx.x + 1);
  unsigned y = threadIdx.y;
  a[x | y] = threadIdx.y * 2 + threadIdx.x;
}
