// expect: racy
// The host passes `nullptr` for the optional input: every thread of the
// block takes `if (!opt)` and writes its own index to a[0], a write/write
// race between threads 0 and 1 (256 threads).
#include <cuda_runtime.h>
#define N 256
__global__ void optional_input(int *a, const int *opt)
{
  if (!opt)
    a[0] = threadIdx.x;
  else
    a[threadIdx.x] = opt[threadIdx.x];
}

int main()
{
  int *d_a;
  cudaMalloc(&d_a, N * sizeof(int));
  optional_input<<<1, N>>>(d_a, nullptr);
  cudaDeviceSynchronize();
  return 0;
}
