// expect: racy
// The second argument points `n` elements into the first's allocation,
// with `n` read at run time: for n = 1, thread t reads d[t + 1], which
// thread t + 1 writes in the same launch — a race.  (Overlap is possible
// because nothing in the host code keeps n at least the block's size.)
#include <cuda_runtime.h>
#include <cstdlib>
#define N 256
__global__ void copy(float *out, const float *in)
{
  out[threadIdx.x] = in[threadIdx.x];
}

int main(int argc, char **argv)
{
  int n = atoi(argv[1]);
  float *d;
  cudaMalloc(&d, 2 * N * sizeof(float));
  copy<<<1, N>>>(d, d + n);
  cudaDeviceSynchronize();
  return 0;
}
