//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: the wrapper replaces its `in` by its third argument before the
// launch, and main passes `d` as both `out` and that third argument, so
// the kernel runs in place: thread i reads d[i + 1], which thread i + 1
// writes (with the value of d[i + 2]), and nothing orders the two.  The
// wrapper's parameters are three names and its caller's second argument
// `e` is another buffer; what counts is the value `in` holds at the
// launch.
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
  float *d, *e;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&e, n * sizeof(float));
  shift(d, e, d, n);
  cudaFree(d);
  cudaFree(e);
  return 0;
}
