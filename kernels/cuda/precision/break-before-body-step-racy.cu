//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy: the DRF twin with a step of 128.  Thread t writes out[t + 128 i]:
// thread 128 at i = 0 and thread 0 at i = 1 both write out[128] (n = 1000).
#define N 4
__global__ void stepped_after_exit(float *out, const float *in, int n)
{
  int idx = threadIdx.x;
  for (int i = 0; i < N; ++i) {
    if (idx >= n)
      break;
    out[idx] = in[idx] + 1.0f;
    idx += 128;
  }
}
