//pass
//--blockDim=128
// Blelloch exclusive scan (GPU Gems 3, ch. 39, Example 39-2) of 256
// elements by 128 threads: the offset doubles in the up-sweep and halves
// in the down-sweep; thread 0 clears the last element in between.
#define N 256
__global__ void prescan(float *g_odata, const float *g_idata)
{
  __shared__ float temp[N];
  unsigned int thid = threadIdx.x;
  temp[2 * thid] = g_idata[2 * thid];
  temp[2 * thid + 1] = g_idata[2 * thid + 1];
  for (unsigned int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      unsigned int offset = N / (2 * d);
      unsigned int ai = offset * (2 * thid + 1) - 1;
      unsigned int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
  }
  if (thid == 0)
    temp[N - 1] = 0;
  for (unsigned int d = 1; d < N; d *= 2) {
    __syncthreads();
    if (thid < d) {
      unsigned int offset = N / (2 * d);
      unsigned int ai = offset * (2 * thid + 1) - 1;
      unsigned int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[2 * thid] = temp[2 * thid];
  g_odata[2 * thid + 1] = temp[2 * thid + 1];
}
