//pass
// Two launch sites with different grids (4 and 8 blocks of 256 threads):
// the grid size stays symbolic, the block size (256) is fixed.  Race-free
// for every grid: thread i of the grid writes out[i] only.
#include <cuda.h>
#include <cstdio>

__global__ void square(const int *in, int *out)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * in[i];
}

int main(int argc, char **argv)
{
  int *in, *out;
  cudaMalloc(&in, 8 * 256 * sizeof(int));
  cudaMalloc(&out, 8 * 256 * sizeof(int));
  square<<<4, 256>>>(in, out);
  square<<<8, 256>>>(in, out);
  printf("%d\n", argc);
  return 0;
}
