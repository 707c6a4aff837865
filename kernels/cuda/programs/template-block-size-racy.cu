//xfail:NOT_ALL_VERIFIED
// A templated launch that disagrees with itself: BLOCK = 64 but blocks of
// 128 threads, so thread 64 of block 0 and thread 0 of block 1 both write
// out[64], unordered (different blocks), with different values (storing
// `value` alone would be a benign pair: docs/benign-writes.md).
#include <cuda.h>

template <int BLOCK>
__global__ void fill(int *out, int value)
{
  out[blockIdx.x * BLOCK + threadIdx.x] = value + threadIdx.x;
}

int main(void)
{
  int *out;
  cudaMalloc(&out, 1024 * sizeof(int));
  fill<64><<<8, 128>>>(out, 7);
  return 0;
}
