//pass
// Dynamic parallelism, race-free.  `fill` writes a[i] for its own global
// index i: distinct threads of the child write distinct cells, whatever
// grid its parent gives it.  In `launch_fill` only the thread with global
// index 0 launches it (one child grid in the whole run); the parent's
// threads touch only flags[t], each its own cell, before and after the
// launch, and no parent thread touches `a`, the one array the child can
// reach.  So no two accesses of a cell conflict unordered, in the child,
// in the parent, or between them.
#include <cuda_runtime.h>

__global__ void fill(int *a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 2 * i;
}

__global__ void launch_fill(int *a, int *flags, int n)
{
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  flags[t] = 1;
  if (t == 0)
    fill<<<(n + 127) / 128, 128>>>(a, n);
  flags[t] += t;
}

int main()
{
  int *a, *flags;
  cudaMalloc(&a, 4096 * sizeof(int));
  cudaMalloc(&flags, 128 * sizeof(int));
  launch_fill<<<4, 32>>>(a, flags, 4096);
  cudaDeviceSynchronize();
  return 0;
}
