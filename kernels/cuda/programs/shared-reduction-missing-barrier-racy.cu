//xfail:NOT_ALL_VERIFIED
// The reduction of shared-reduction-drf.cu without the barrier inside the
// loop: in the second step thread 0 reads s[64] while thread 64 may still
// be writing it in the first step (s[64] += s[192]), unordered.
#include <cuda.h>

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
  return 0;
}
