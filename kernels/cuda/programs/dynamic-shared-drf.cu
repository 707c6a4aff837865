//pass
// A launch with dynamic shared memory (the third launch argument): each
// thread stages its element in the extern shared array, then, after the
// barrier, reads its right neighbour's.  Race-free.
#include <cuda.h>

__global__ void rotate(const int *in, int *out)
{
  extern __shared__ int buf[];
  unsigned t = threadIdx.x;
  buf[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
}

int main(void)
{
  int *in, *out;
  const int threads = 128;
  cudaMalloc(&in, 16 * threads * sizeof(int));
  cudaMalloc(&out, 16 * threads * sizeof(int));
  rotate<<<16, threads, threads * sizeof(int)>>>(in, out);
  return 0;
}
