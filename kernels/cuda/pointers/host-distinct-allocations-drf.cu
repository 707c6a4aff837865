// expect: drf
// Two allocations are two buffers: each thread writes out[t] and reads
// in[t] of another buffer, so no cell is both written by one thread and
// touched by another.
#include <cuda_runtime.h>
#define N 256
__global__ void copy(float *out, const float *in)
{
  out[threadIdx.x] = in[threadIdx.x + 1];
}

int main()
{
  float *a, *b;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, (N + 1) * sizeof(float));
  copy<<<1, N>>>(a, b);
  cudaDeviceSynchronize();
  return 0;
}
