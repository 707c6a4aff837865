// expect: racy
// A method defined outside its class (`void Grid::run()`) launches
// bump<<<4, 64>>>: threads 0 of blocks 0 and 1 (i = 0 and i = 64) both do
// a[i % 64] += 1 on a[0], unordered across blocks.  main's 1-block launch
// alone would be race-free.
#include <cuda_runtime.h>

__global__ void bump(int *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i % 64] += 1;
}

struct Grid {
  int *d;
  void run();
};

void Grid::run() { bump<<<4, 64>>>(d); }

int main() {
  Grid g;
  cudaMalloc(&g.d, 64 * sizeof(int));
  bump<<<1, 64>>>(g.d);
  g.run();
  cudaDeviceSynchronize();
  return 0;
}
