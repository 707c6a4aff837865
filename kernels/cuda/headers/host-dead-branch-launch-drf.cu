//pass
// Race-free.  As in the CUDA samples' matrixMul, `main` picks the kernel
// instance by a size it fixes: `block` is 64, so only the `else` branch
// launches `k` — with 64 threads, each writing its own a[t].  The launch
// in the other branch (128 threads, where threads t and t + 64 would both
// write a[t % 64]) never happens, and it must not count.
#include <cuda_runtime.h>

__global__ void k(int *a) { a[threadIdx.x % 64] = threadIdx.x; }

int main()
{
  int block = 64;
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  if (block == 128) {
    k<<<1, 128>>>(a);
  } else {
    k<<<1, block>>>(a);
  }
  return 0;
}
