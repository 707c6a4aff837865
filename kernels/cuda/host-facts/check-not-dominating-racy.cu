//xfail:NOT_ALL_VERIFIED
// The host checks n % 256 but only complains: the launch runs anyway.
// With n = 1000 the grid of ceil(n / 256) blocks has 1024 threads, and
// threads 1000 and 1001 both write a[1000].
#include <stdio.h>
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
  int n = atoi(argv[1]);
  if (n % 256)
    puts("n is not a multiple of 256");
  int *d;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<(n + 255) / 256, 256>>>(d, n);
  return 0;
}
