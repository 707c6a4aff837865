//xfail:NOT_ALL_VERIFIED
// Racy.  `dim3 block(64)` is widened by `block.x = 128;` before the
// launch, so threads t and t + 64 both write a[t % 64].  A `dim3` whose
// component is assigned does not fix the launch.
#include <cuda_runtime.h>

__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }

int main()
{
  dim3 block(64);
  block.x = 128;
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, block>>>(a);
  return 0;
}
