//xfail:NOT_ALL_VERIFIED
// Racy.  The host starts with `int threads = 64;` but doubles it before
// the launch, so the block has 128 threads: threads t and t + 64 both
// write a[t % 64] (different values) in one barrier interval.  A local
// that is changed after its initialisation does not fix the launch.
#include <cuda_runtime.h>

__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }

int main()
{
  int threads = 64;
  threads *= 2;
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<1, threads>>>(a);
  return 0;
}
