//pass
// C style: declared first, assigned later.  `n` is assigned once, before
// `blocks` is computed from it, and nothing changes either afterwards, so
// the launch has 256 * (n / 256) <= n threads: none past n + 1, no race.
// (For n < 0, n / 256 converts to a grid of more than 2^31 - 1 blocks,
// which no device launches.)
#include <stdlib.h>

// Threads past `n` all write the cell a[n], each its own index: two of them
// race.  Race-free exactly when the launch has at most n + 1 threads.
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
  int n;
  int blocks;
  int *d;
  n = atoi(argv[1]);
  blocks = n / 256;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<blocks, 256>>>(d, n);
  return 0;
}
