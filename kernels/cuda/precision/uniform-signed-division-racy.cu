//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[16]
// Racy (barrier divergence): the number of iterations divides n by a
// per-thread amount, so for n = 64 thread 0 runs 64 iterations and
// thread 63 one: they do not reach the barriers together.
__global__ void tiles(const float *in, float *out, int n)
{
  __shared__ float tile[64];
  unsigned int t = threadIdx.x;
  int count = n / (int)(t + 1);
  float acc = 0.0f;
  for (int i = 0; i < count; i++) {
    tile[t] = in[i * 64 + t];
    __syncthreads();
    acc += tile[63 - t];
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = acc;
}
