// expect: racy
// Partial input: the host code does not compile here (`current_plan` and
// `plan_stream` come from a header the build system provides), so clang's
// tree lacks the launch in `sweep`, whose stream argument names them.  As written, `sweep` launches
// bump<<<2, 256>>> (on whatever stream): threads 0 of blocks 0 and
// 1 (i = 0 and i = 256) both do a[i % 256] += 1 on a[0], unordered across
// blocks.  main's own launch is 1 x 256 and race-free alone; a launch in
// code clang dropped must not let it fix the grid.
#include <cuda_runtime.h>

__global__ void bump(int *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i % 256] += 1;
}

void sweep(int *a) {
  bump<<<2, 256, 0, plan_stream(current_plan)>>>(a);
}

int main() {
  int *d;
  cudaMalloc(&d, 256 * sizeof(int));
  bump<<<1, 256>>>(d);
  sweep(d);
  cudaDeviceSynchronize();
  return 0;
}
