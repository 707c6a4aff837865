//xfail:NOT_ALL_VERIFIED
// The launch gives blocks of 32 x 4 threads, but the kernel only looks at
// threadIdx.x: threads (0, 0) and (0, 1) of a block both write
// out[blockIdx.x * 32], unordered.  (Without the launch, blockDim.y would
// be assumed 1 and the race missed.)
#include <cuda.h>

__global__ void copy(const int *in, int *out)
{
  int i = blockIdx.x * 32 + threadIdx.x;
  out[i] = in[i];
}

int main(void)
{
  int *in, *out;
  cudaMalloc(&in, 1024 * sizeof(int));
  cudaMalloc(&out, 1024 * sizeof(int));
  copy<<<32, dim3(32, 4)>>>(in, out);
  return 0;
}
