//pass
//--blockDim=256 --gridDim=1
// Race-free: the up-sweep of the work-efficient (Blelloch) scan of GPU
// Gems 3, ch. 39, with its bank-conflict padding `ai += ai >> 5`.  In
// round d (256, 128, …) with offset = 256 / d, thread t < d adds
// temp[ai] into temp[bi], ai = offset*(2t+1) - 1, bi = offset*(2t+2) - 1,
// both padded by x >> 5.  Both are non-negative (offset >= 1, t >= 0),
// and x + (x >> 5) is strictly increasing in x, so distinct unpadded
// indices stay distinct: the bi of the threads are distinct, and no ai of
// one thread is the bi of another (ai is an odd multiple of offset minus
// one, bi an even one).  Rounds are separated by barriers.
__global__ void upsweep(float *g)
{
  __shared__ float temp[1024];
  int t = threadIdx.x;
  int offset = 1;
  temp[2 * t + ((2 * t) >> 5)] = g[2 * t];
  temp[2 * t + 1 + ((2 * t + 1) >> 5)] = g[2 * t + 1];
  for (int d = 256; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      ai += ai >> 5;
      bi += bi >> 5;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  __syncthreads();
  if (t == 0)
    g[511] = temp[511 + (511 >> 5)];
}
