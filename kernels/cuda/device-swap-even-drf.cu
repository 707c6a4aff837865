//pass
//--blockDim=64
// Odd-even transposition sort in shared memory: even then odd phases, a
// barrier after each; thread i compares 2i + phase and 2i + phase + 1.
__device__ void swap_if_greater(int *a, int i, int j)
{
  int x = a[i], y = a[j];
  if (x > y) {
    a[i] = y;
    a[j] = x;
  }
}

__global__ void oddeven(int *g)
{
  __shared__ int a[128];
  int t = threadIdx.x;
  a[2 * t] = g[2 * t];
  a[2 * t + 1] = g[2 * t + 1];
  __syncthreads();
  for (int round = 0; round < 128; round++) {
    int phase = round % 2;
    if (2 * t + phase + 1 < 128)
      swap_if_greater(a, 2 * t + phase, 2 * t + phase + 1);
    __syncthreads();
  }
  g[2 * t] = a[2 * t];
  g[2 * t + 1] = a[2 * t + 1];
}
