//pass
// A whole program: the launch below fixes the configuration (gridDim = 16,
// blockDim = 256, n = 4096).  Race-free: thread i of the grid writes c[i]
// only, and 16 * 256 = 4096 threads cover exactly n elements.
#include <cuda.h>
#include <cstdio>
#include <cstdlib>

#define N 4096
#define THREADS 256

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main(void)
{
  float *a, *b, *c;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMalloc(&c, N * sizeof(float));
  vadd<<<N / THREADS, THREADS>>>(a, b, c, N);
  cudaDeviceSynchronize();
  printf("ok\n");
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
