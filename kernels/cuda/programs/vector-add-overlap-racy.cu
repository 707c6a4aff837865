//xfail:NOT_ALL_VERIFIED
// A whole program whose launch is wrong: blocks of 256 threads, but each
// block starts 128 elements after the previous one (the kernel assumes
// 128-thread blocks).  Thread 128 of block 0 and thread 0 of block 1 both
// write c[128], unordered (different blocks).
#include <cuda.h>

#define STRIDE 128

__global__ void vadd(const float *a, float *c)
{
  int i = blockIdx.x * STRIDE + threadIdx.x;
  c[i] = 2.0f * a[i];
}

int main(void)
{
  float *a, *c;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&c, 1 << 20);
  vadd<<<8, 256>>>(a, c);
  return 0;
}
