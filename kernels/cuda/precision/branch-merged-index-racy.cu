//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: odd threads start at 31 instead of 32, so thread 62 (even,
// 62 / 2 = 31) and thread 1 (odd, 31 + 1 / 2 = 31) both write out[31].
__global__ void deinterleave(int *out)
{
  unsigned int t = threadIdx.x;
  unsigned int j;
  if (t % 2 == 0)
    j = t / 2;
  else
    j = 31 + t / 2;
  out[j] = t;
}
