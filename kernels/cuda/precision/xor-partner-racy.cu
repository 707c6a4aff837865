//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: both threads of a pair {t, t ^ 16} exchange it (the test is
// `ixj != t`, true for every thread), so thread 0 and thread 16 both
// read and write s[0] and s[16] between the same barriers.
__global__ void exchange(unsigned int *key)
{
  __shared__ unsigned int s[64];
  unsigned int t = threadIdx.x;
  s[t] = key[t];
  __syncthreads();
  unsigned int ixj = t ^ 16;
  if (ixj != t) {
    unsigned int tmp = s[t];
    s[t] = s[ixj];
    s[ixj] = tmp;
  }
  __syncthreads();
  key[t] = s[t];
}
