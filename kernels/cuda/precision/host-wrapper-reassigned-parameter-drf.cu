//pass
//--blockDim=256 --gridDim=64
// Race-free: the wrapper may replace its `in` by its third argument
// before the launch; main passes three different buffers, so `in` is `e`
// or `f` and never `out = d`: thread i writes d[i] and reads the other
// buffer only.
#include <cuda_runtime.h>

__global__ void shift_kernel(float *out, const float *in, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1];
}

static void shift(float *out, const float *in, const float *other, int n)
{
  if (other)
    in = other;
  shift_kernel<<<(n + 255) / 256, 256>>>(out, in, n);
}

int main()
{
  int n = 64 * 256;
  float *d, *e, *f;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&e, n * sizeof(float));
  cudaMalloc(&f, n * sizeof(float));
  shift(d, e, f, n);
  cudaFree(d);
  cudaFree(e);
  return 0;
}
