//xfail:NOT_ALL_VERIFIED
// Racy.  Which launch runs depends on the command line, which the host
// does not fix: with an argument, `k` runs with 128 threads, and threads
// t and t + 64 both write a[t % 64] in one barrier interval.
#include <cuda_runtime.h>

__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }

int main(int argc, char **argv)
{
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  if (argc > 1) {
    k<<<1, 128>>>(a);
  } else {
    k<<<1, 64>>>(a);
  }
  return 0;
}
