//xfail:NOT_ALL_VERIFIED
// Racy for the block sizes the user may type: `n` starts at 64 but
// `scanf` writes it through `&n`, so the block may have 128 threads, and
// then threads t and t + 64 both write a[t % 64].  A local whose address
// is taken does not fix the launch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }

int main()
{
  int n = 64;
  if (scanf("%d", &n) != 1)
    return 1;
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, n>>>(a);
  return 0;
}
