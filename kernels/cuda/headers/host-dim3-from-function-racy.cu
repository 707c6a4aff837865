//xfail:NOT_ALL_VERIFIED
// Racy.  The block comes from a function returning a `dim3`: twice(64)
// is a block of 128 threads, so threads t and t + 64 both write
// a[t % 64] in one barrier interval.  The argument of a function that
// returns a `dim3` is not the block's size.
#include <cuda_runtime.h>

__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }

dim3 twice(int n) { return dim3(2 * n); }

int main()
{
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, twice(64)>>>(a);
  return 0;
}
