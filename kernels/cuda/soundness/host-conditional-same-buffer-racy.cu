//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: the launch passes `inplace ? d : e` as `in`, and with an argument
// on the command line `inplace` is true: `out` and `in` are then both d,
// and thread i reads d[i + 1] while thread i + 1 writes it (with the
// value of d[i + 2]).
#include <cuda_runtime.h>

__global__ void shift_kernel(float *out, const float *in, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1];
}

int main(int argc, char **argv)
{
  int n = 64 * 256;
  float *d, *e;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&e, n * sizeof(float));
  bool inplace = argc > 1;
  shift_kernel<<<64, 256>>>(d, inplace ? d : e, n);
  return 0;
}
