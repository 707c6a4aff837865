// expect: drf
// The only launch passes `d_opt`, which `cudaMalloc` sets, with a size the
// host fixes (256 ints), before the launch and nothing else changes: the
// pointer is not null, so `if (!opt)` is never taken and each thread
// writes only a[tid].  (Were `opt` null, all threads would write a[0].)
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
  int *d_a, *d_opt;
  cudaMalloc(&d_a, N * sizeof(int));
  cudaMalloc((void **)&d_opt, N * sizeof(int));
  optional_input<<<1, N>>>(d_a, d_opt);
  cudaDeviceSynchronize();
  cudaFree(d_a);
  cudaFree(d_opt);
  return 0;
}
