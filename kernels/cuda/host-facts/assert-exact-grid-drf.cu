//pass
// The host asserts that n is a multiple of 256 before launching
// ceil(n / 256) blocks of 256: exactly n threads, none past n.  (With
// NDEBUG the assert would vanish and the file would be racy; it is
// compiled without.)
#include <assert.h>
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
  assert(n % 256 == 0);
  int *d;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<(n + 255) / 256, 256>>>(d, n);
  return 0;
}
