//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the launch passes `in` = `out` + k with k read at run time; with
// k = 1, out[i] = in[i] reads d[i + 1], which thread i + 1 writes.
#include <cstdlib>

__global__ void shift(float *out, const float *in)
{
  int i = threadIdx.x;
  out[i] = in[i];
}

int main(int argc, char **argv)
{
  int k = atoi(argv[1]);
  float *d;
  cudaMalloc(&d, 128 * sizeof(float));
  shift<<<1, 64>>>(d, d + k);
  return 0;
}
