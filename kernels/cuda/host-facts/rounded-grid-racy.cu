//xfail:NOT_ALL_VERIFIED
// The host rounds the grid up to ceil(n / 256) blocks and checks nothing:
// with n = 1000 the launch has 1024 threads, and threads 1000 and 1001
// both write a[1000].  A racy shape the host really launches.
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
  int *d;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<(n + 255) / 256, 256>>>(d, n);
  return 0;
}
