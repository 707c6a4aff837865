// expect: racy
// The kernel is also named through a function pointer, so it may be
// launched in ways the host code does not show (`cudaLaunchKernel` with
// any arguments, here a null `opt`): the allocation passed at the visible
// launch fixes nothing, and with a null `opt` all threads write a[0].
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
  cudaMalloc(&d_opt, N * sizeof(int));
  optional_input<<<1, N>>>(d_a, d_opt);
  const int *none = nullptr;
  void *args[] = {&d_a, &none};
  cudaLaunchKernel((void *)optional_input, dim3(1), dim3(N), args, 0, 0);
  cudaDeviceSynchronize();
  return 0;
}
