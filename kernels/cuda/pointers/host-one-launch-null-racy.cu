// expect: racy
// Two launches: the first passes an allocation, the second `NULL`.  The
// second runs the `if (!opt)` branch, where all 256 threads write their
// index to a[0]: a race (in that launch).
#include <cuda_runtime.h>
#include <cstddef>
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
  int *d_a, *d_opt;
  cudaMalloc(&d_a, N * sizeof(int));
  cudaMalloc(&d_opt, N * sizeof(int));
  optional_input<<<1, N>>>(d_a, d_opt);
  optional_input<<<1, N>>>(d_a, NULL);
  cudaDeviceSynchronize();
  return 0;
}
