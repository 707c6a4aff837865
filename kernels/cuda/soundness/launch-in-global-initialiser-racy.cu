// expect: racy
// The dynamic initialiser of a file-scope variable runs before main, and
// it launches bump<<<2, 256>>>: threads i = 0 (block 0) and i = 256
// (block 1) both do g_a[i % 256] += 1 on g_a[0], unordered across blocks.
// main's own launch is 1 x 256, race-free on its own; the program is racy.
#include <cuda_runtime.h>

__device__ int g_a[256];

__global__ void bump() {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  g_a[i % 256] += 1;
}

static int g_started = (bump<<<2, 256>>>(), 1);

int main() {
  bump<<<1, 256>>>();
  cudaDeviceSynchronize();
  return g_started ? 0 : 1;
}
