// expect: racy
// The size of the allocation comes from the command line and may be 0;
// `cudaMalloc` of 0 bytes gives a null pointer, and then every thread
// writes its index to a[0], a race.  (Only a size the host fixes above 0
// makes the allocation non-null.)
#include <cuda_runtime.h>
#include <cstdlib>
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
  int m = atoi(argv[1]);
  int *d_a, *d_opt;
  cudaMalloc(&d_a, N * sizeof(int));
  cudaMalloc(&d_opt, m * sizeof(int));
  optional_input<<<1, N>>>(d_a, d_opt);
  cudaDeviceSynchronize();
  return 0;
}
