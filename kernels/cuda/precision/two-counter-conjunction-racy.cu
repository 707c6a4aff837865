//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy: the DRF twin with a step of blockDim.x / 2.  Thread t writes
// out[t + 128 i] for i < N: thread 128 at i = 0 and thread 0 at i = 1 both
// write out[128] (with n = 1000).
#define N 4
__global__ void two_counters(float *out, const float *in, int n)
{
  float cache[N];
  for (int idx = threadIdx.x, i = 0; idx < n && i < N; ++i) {
    cache[i] = in[idx];
    idx += blockDim.x / 2;
  }
  for (int idx = threadIdx.x, i = 0; idx < n && i < N; ++i) {
    out[idx] = 2.0f * cache[i];
    idx += blockDim.x / 2;
  }
}
