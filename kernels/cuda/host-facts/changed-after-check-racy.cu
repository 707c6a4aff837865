//xfail:NOT_ALL_VERIFIED
// The host checks that n is a multiple of 256, then adds 7 to it before
// the launch: with n = 256 it launches ceil(263 / 256) = 2 blocks, 512
// threads for n = 263, and threads 263 and 264 both write a[263].
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
  if (n % 256 != 0)
    return 1;
  n = n + 7;
  int *d;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<(n + 255) / 256, 256>>>(d, n);
  return 0;
}
