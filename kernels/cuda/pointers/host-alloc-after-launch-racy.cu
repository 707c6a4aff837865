// expect: racy
// `d_opt` starts null and is allocated only after the launch, so the
// launch passes null: every thread writes its index to a[0], a race.
// (An allocation counts only when it runs before the launch.)
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
  int *d_a, *d_opt = nullptr;
  cudaMalloc(&d_a, N * sizeof(int));
  optional_input<<<1, N>>>(d_a, d_opt);
  cudaMalloc(&d_opt, N * sizeof(int));
  cudaDeviceSynchronize();
  return 0;
}
