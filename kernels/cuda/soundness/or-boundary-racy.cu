//xfail:NOT_ALL_VERIFIED
//--blockDim=[2,33] --gridDim=[1]
// Racy: x = 32 * (2 * threadIdx.x + 1) (32 or 96) has its five low bits 0,
// but y = threadIdx.y goes up to 32 = 2^5, which shares bit 5 with x:
// 32 | 32 = 32 = 32 | 0, so threads (0, 0) and (0, 32) both write a[32].
// (x | y is x + y only for y < 32.)
__global__ void k(unsigned *a)
{
  unsigned x = 32 * (2 * threadIdx.x + 1);
  unsigned y = threadIdx.y;
  a[x | y] = threadIdx.y * 2 + threadIdx.x;
}
