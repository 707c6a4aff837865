//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: the host keeps its input buffer in a file-scope pointer `g_in`,
// and main points it at the output buffer `d` before it launches
// shift_kernel(d, g_in): the kernel runs in place, thread i reads d[i + 1],
// which thread i + 1 writes (with the value of d[i + 2]), and nothing
// orders the two.  The launch names two different variables; what counts
// is the value `g_in` holds when it runs.
#include <cuda_runtime.h>

float *g_in;

__global__ void shift_kernel(float *out, const float *in, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1];
}

int main()
{
  int n = 64 * 256;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  g_in = d;
  shift_kernel<<<n / 256, 256>>>(d, g_in, n);
  cudaFree(d);
  return 0;
}
