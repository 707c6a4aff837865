//xfail:NOT_ALL_VERIFIED
// Dynamic parallelism, racy: the child writes what the parent's other
// threads read.  The thread of global index 0 launches `fill`, which
// writes a[1] (its thread 1 of block 0, n = 128).  Thread 1 of the parent
// reads a[1]; nothing orders that read after or before the child's write
// (a launch does not wait for the child, the child may start at once, and
// no barrier or synchronisation follows), so the read and the write race.
#include <cuda_runtime.h>

__global__ void fill(int *a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = i;
}

__global__ void copy_after_fill(int *a, int *out, int n)
{
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 0)
    fill<<<(n + 31) / 32, 32>>>(a, n);
  if (t < n)
    out[t] = a[t];
}

int main()
{
  int *a, *out;
  cudaMalloc(&a, 128 * sizeof(int));
  cudaMalloc(&out, 128 * sizeof(int));
  copy_after_fill<<<4, 32>>>(a, out, 128);
  cudaDeviceSynchronize();
  return 0;
}
