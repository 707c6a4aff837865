//pass
// A `dim3` declared with its defaults (1, 1, 1) and whose `x` is assigned
// afterwards: the grid is n / 256 blocks in x only, 256 * (n / 256) <= n
// threads, none past n + 1 — no race.
#include <stdlib.h>

// Threads past `n` all write the cell a[n], each its own index: two of them
// race.  Race-free exactly when the launch has at most n + 1 threads along
// x and one block along y and z (blocks that differ only in y write the
// same cells).
__global__ void tail(int *a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = i;
  else
    a[n] = i;
}

int main(int argc, char **argv)
{
  int n = atoi(argv[1]);
  int *d;
  dim3 grid;
  dim3 block;
  block.x = 256;
  grid.x = n / 256;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<grid, block>>>(d, n);
  return 0;
}
