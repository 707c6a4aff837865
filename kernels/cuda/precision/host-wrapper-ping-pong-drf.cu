//pass
//--blockDim=256 --gridDim=64
// Race-free: a Jacobi sweep through a host wrapper, called ping-pong as
// step(a, b) and step(b, a): in each call `out` and `in` are different
// buffers (a and b are two allocations), so thread i writes out[i] and
// reads in[i - 1], in[i], in[i + 1] of the other buffer only.  Followed
// through its calls, the wrapper never passes one buffer twice.
#include <cuda_runtime.h>

__global__ void jacobi(float *out, const float *in, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}

static void step(float *out, const float *in, int n)
{
  jacobi<<<(n + 255) / 256, 256>>>(out, in, n);
}

int main()
{
  int n = 64 * 256;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  for (int it = 0; it < 100; it++) {
    step(b, a, n);
    step(a, b, n);
  }
  return 0;
}
