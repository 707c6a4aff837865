//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// A whole program (host code, cudaMalloc, cudaMemcpyToSymbol, a launch with
// shared memory size and stream) whose kernel races: every thread adds
// its value to `*sum` with a plain `+=` (read, then write) instead of
// `atomicAdd`, so two threads of a block read and write the same cell
// with no barrier between them.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

__constant__ float scale[1];

__global__ void sum_all(const float *in, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    *sum += scale[0] * in[i];
}

int main(void) {
  const int n = 1 << 12;
  float *in, *sum, one = 1.0f;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  cudaMemset(sum, 0, sizeof(float));
  cudaMemcpyToSymbol(scale, &one, sizeof(float));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  sum_all<<<n / 256, 256, 0, stream>>>(in, sum, n);
  cudaStreamSynchronize(stream);
  float h = 0;
  cudaMemcpy(&h, sum, sizeof(float), cudaMemcpyDeviceToHost);
  printf("%f\n", h);
  cudaStreamDestroy(stream);
  cudaFree(in);
  cudaFree(sum);
  return 0;
}
