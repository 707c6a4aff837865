//pass
//--blockDim=256 --gridDim=64
// Race-free: Jacobi sweeps with the buffers exchanged after each launch
// through a temporary (t = src; src = dst; dst = t;).  A swap only
// exchanges the two allocations, so in every launch `dst` and `src` are
// different buffers: thread i writes dst[i] and reads src[i - 1 .. i + 1]
// of the other one.
#include <cuda_runtime.h>

__global__ void sweep(float *dst, const float *src, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n)
    dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0f;
}

int main()
{
  int n = 64 * 256;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  float *src = a, *dst = b;
  for (int it = 0; it < 10; it++) {
    sweep<<<n / 256, 256>>>(dst, src, n);
    float *t = src;
    src = dst;
    dst = t;
  }
  return 0;
}
