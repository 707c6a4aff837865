//xfail:NOT_ALL_VERIFIED
// `blocks` is computed from `n`, then `n` is lowered before the launch:
// with n = 512 the grid has 2 blocks (512 threads) but the kernel gets
// n = 502, and threads 502..511 all write a[502].  The value `blocks` was
// computed from is not the value passed.
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
  n = n - 10;
  cudaMalloc(&d, (n + 11) * sizeof(int));
  tail<<<blocks, 256>>>(d, n);
  return 0;
}
