//pass
// A templated launch: BLOCK = 128 and blockDim = 128 agree, so block b
// covers elements [128 b, 128 b + 128) and each thread owns one.
// Race-free.
#include <cuda.h>

template <int BLOCK>
__global__ void fill(int *out, int value)
{
  out[blockIdx.x * BLOCK + threadIdx.x] = value;
}

int main(void)
{
  int *out;
  cudaMalloc(&out, 1024 * sizeof(int));
  fill<128><<<8, 128>>>(out, 7);
  return 0;
}
