// expect: drf
// The launch is in a wrapper whose only caller passes an allocation of 256
// ints made before the call (in a `CHECK(…)` macro's `do … while (0)`):
// `opt` is not null at the launch, so each thread writes only a[tid].
#include <cuda_runtime.h>
#include <cstdio>
#define N 256
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) printf("error\n"); } while (0)
__global__ void optional_input(int *a, const int *opt)
{
  if (!opt)
    a[0] = threadIdx.x;
  else
    a[threadIdx.x] = opt[threadIdx.x];
}

static void run(int *a, const int *opt)
{
  optional_input<<<1, N>>>(a, opt);
}

int main()
{
  int *d_a, *d_opt;
  CHECK(cudaMalloc(&d_a, N * sizeof(int)));
  CHECK(cudaMalloc(&d_opt, N * sizeof(int)));
  run(d_a, d_opt);
  cudaDeviceSynchronize();
  return 0;
}
