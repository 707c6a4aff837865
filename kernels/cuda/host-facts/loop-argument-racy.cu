//xfail:NOT_ALL_VERIFIED
// The host changes the argument in its launch loop: n = 256 launches 256
// threads, but n = 356 launches ceil(356 / 256) = 2 blocks, 512 threads,
// and threads 356 and 357 both write a[356].
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
  int *d;
  cudaMalloc(&d, 2048 * sizeof(int));
  for (int n = 256; n <= 1024; n += 100)
    tail<<<(n + 255) / 256, 256>>>(d, n);
  return 0;
}
