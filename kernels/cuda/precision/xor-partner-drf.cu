//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: one compare-exchange step of a bitonic network with j = 16.
// Partner t ^ 16 is t + 16 when bit 4 of t is clear and t - 16 when it
// is set; only the thread with the smaller index (bit 4 clear) swaps, so
// each pair {t, t + 16} is handled by one thread.
__global__ void exchange(unsigned int *key)
{
  __shared__ unsigned int s[64];
  unsigned int t = threadIdx.x;
  s[t] = key[t];
  __syncthreads();
  unsigned int ixj = t ^ 16;
  if (ixj > t && s[t] > s[ixj]) {
    unsigned int tmp = s[t];
    s[t] = s[ixj];
    s[ixj] = tmp;
  }
  __syncthreads();
  key[t] = s[t];
}
