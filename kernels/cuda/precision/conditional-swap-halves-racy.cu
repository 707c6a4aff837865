//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[1]
// Racy: the upper half is shifted by 15, not 16, so thread 0 (0 + 16) and
// thread 31 (31 - 15) both write out[16], storing different values.
__global__ void swap_halves(int *out)
{
  unsigned int t = threadIdx.x;
  out[t < 16 ? t + 16 : t - 15] = t;
}
