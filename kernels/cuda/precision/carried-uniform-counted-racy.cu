//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[4]
// Racy: the DRF twin with `t <= half` for `t < half`.  In any iteration
// where half <= 255, thread `half` writes s[half] while thread 0 reads
// s[0 + half] in the same barrier interval (with width = 2 and rounds = 1:
// thread 2 writes s[2], thread 0 reads s[2]).
__global__ void carried_halves(float *out, const float *in, int width, int rounds)
{
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  s[t + 256] = 0.0f;
  __syncthreads();
  int half = width;
  for (int it = 0; it < rounds; it++) {
    if (t <= half)
      s[t] += s[t + half];
    __syncthreads();
    half = half / 2;
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
