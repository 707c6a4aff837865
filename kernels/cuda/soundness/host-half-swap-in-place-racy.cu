//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: the buffers are "swapped" with src = dst only, so from the second
// launch on src and dst are both b: the sweep runs in place, and thread i
// reads b[i + 1] while thread i + 1 writes it (with a value computed from
// b[i .. i + 2]), nothing ordering the two.
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
    src = dst;
  }
  return 0;
}
