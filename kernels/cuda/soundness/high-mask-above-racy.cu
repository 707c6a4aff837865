//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy: 96 is bits 5-6, so t & 96 is 32 * ((t / 32) % 4), and t goes up to
// 255: threads t and t + 128 write the same cell, (t & 96) + t % 32.  (The
// mask drops bit 7, so the sum is t only below 128.)
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  a[(t & 96) + t % 32] = t;
}
