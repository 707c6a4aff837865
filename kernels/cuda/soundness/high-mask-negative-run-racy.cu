//xfail:NOT_ALL_VERIFIED
//--blockDim=[4] --gridDim=[1]
// Racy: -96 is ...1110100000 in two's complement: bit 5 and every bit from
// 7 up, but not bit 6.  So (32 * t) & -96 clears bit 6 of 32 * t: t = 2
// (64) gives 0 like t = 0, and t = 3 (96) gives 32 like t = 1.  (Only a
// mask -2^j, every bit from j up, keeps x / 2^j * 2^j = 32 * t.)
__global__ void k(int *a)
{
  int t = threadIdx.x;
  a[(32 * t) & -96] = t;
}
