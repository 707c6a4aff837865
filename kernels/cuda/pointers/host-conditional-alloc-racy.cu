// expect: racy
// The allocation runs only when the program is given an argument; without
// one `d_opt` stays null at the launch and every thread writes its index
// to a[0], a race.  (An allocation under an `if` does not precede every
// run of the launch.)
#include <cuda_runtime.h>
#define N 256
__global__ void optional_input(int *a, const int *opt)
{
  if (!opt)
    a[0] = threadIdx.x;
  else
    a[threadIdx.x] = opt[threadIdx.x];
}

int main(int argc, char **argv)
{
  int *d_a, *d_opt = nullptr;
  cudaMalloc(&d_a, N * sizeof(int));
  if (argc > 1)
    cudaMalloc(&d_opt, N * sizeof(int));
  optional_input<<<1, N>>>(d_a, d_opt);
  cudaDeviceSynchronize();
  return 0;
}
