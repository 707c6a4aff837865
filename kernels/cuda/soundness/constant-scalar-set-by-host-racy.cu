//xfail:NOT_ALL_VERIFIED
// Racy: `stride` is initialised to 1, but the host replaces it with 0
// (cudaMemcpyToSymbol) before the launch, so every thread writes a[0]
// (its own index) in one barrier interval.  A `__constant__` variable's
// initialiser is not its value at launch.
#include <cuda_runtime.h>

__constant__ int stride = 1;

__global__ void k(int *a) { a[threadIdx.x * stride] = threadIdx.x; }

int main()
{
  int zero = 0;
  cudaMemcpyToSymbol(stride, &zero, sizeof(int));
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, 64>>>(a);
  return 0;
}
