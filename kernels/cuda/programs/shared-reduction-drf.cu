//pass
// A whole program with a shared-memory tree reduction: the launch fixes
// blockDim = 256, which matches the shared array and the loop.  Each step
// halves the active threads; a barrier separates the steps.  Race-free.
#include <cuda.h>
#include <cstdio>

#define BLOCK 256

__global__ void reduce(const float *in, float *out)
{
  __shared__ float s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  for (unsigned half = BLOCK / 2; half > 0; half /= 2) {
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

int main(void)
{
  float *in, *out;
  cudaMalloc(&in, 64 * BLOCK * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  reduce<<<64, BLOCK>>>(in, out);
  float host[64];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  printf("%f\n", host[0]);
  return 0;
}
