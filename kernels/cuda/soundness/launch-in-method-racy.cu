// expect: racy
// A launch written in a method is a launch: the 2-block launch in
// Runner::twice is as real as main's 1-block one.  Racy at the method's
// launch <<<2, 256>>>: thread 0 of block 0 (i = 0) and thread 0 of block 1
// (i = 256) both do a[i % 256] += 1 on a[0], a read and a write each,
// unordered across blocks.  (Were the method's launch missed, main's alone
// would fix gridDim = 1 and the kernel would look race-free.)
#include <cuda_runtime.h>

__global__ void bump(int *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i % 256] += 1;
}

struct Runner {
  int *d;
  void twice() { bump<<<2, 256>>>(d); }
};

int main() {
  Runner r;
  cudaMalloc(&r.d, 256 * sizeof(int));
  bump<<<1, 256>>>(r.d);
  r.twice();
  cudaDeviceSynchronize();
  return 0;
}
