// expect: racy
// Twin of host-distinct-allocations-drf.cu where the host passes one
// buffer twice: thread t reads a[t + 1], which thread t + 1 writes.
#include <cuda_runtime.h>
#define N 256
__global__ void copy(float *out, const float *in)
{
  out[threadIdx.x] = in[threadIdx.x + 1];
}

int main()
{
  float *a;
  cudaMalloc(&a, (N + 1) * sizeof(float));
  float *b = a;
  copy<<<1, N>>>(a, b);
  cudaDeviceSynchronize();
  return 0;
}
