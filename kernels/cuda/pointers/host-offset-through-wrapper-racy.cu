// expect: racy
// The wrapper passes `x` and `x + n` of its caller's buffer, with `n` a
// wrapper parameter the caller sets to 1: thread t reads x[t + 1], which
// thread t + 1 writes — a race.
#include <cuda_runtime.h>
#define N 256
__global__ void copy(float *out, const float *in)
{
  out[threadIdx.x] = in[threadIdx.x];
}

static void shift(float *x, int n)
{
  const float *in = x + n;
  copy<<<1, N>>>(x, in);
}

int main()
{
  float *d;
  cudaMalloc(&d, 2 * N * sizeof(float));
  shift(d, 1);
  cudaDeviceSynchronize();
  return 0;
}
