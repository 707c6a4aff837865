//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: the host calls the wrapper shift_left(d, d, n), so the kernel's
// `out` and `in` are the same buffer: thread i reads d[i + 1], which
// thread i + 1 writes (with the value of d[i + 2]), and nothing orders
// the two.  The wrapper's own parameters are two names, but its only
// caller passes one buffer for both.
#include <cuda_runtime.h>

__global__ void shift_kernel(float *out, const float *in, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1];
}

static void shift_left(float *out, const float *in, int n)
{
  shift_kernel<<<(n + 255) / 256, 256>>>(out, in, n);
}

int main()
{
  int n = 64 * 256;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  shift_left(d, d, n);
  cudaFree(d);
  return 0;
}
