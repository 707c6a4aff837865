//pass
// The same kernel launched twice with different blocks (256, then 128
// threads): n / 256 blocks of 256 and n / 128 blocks of 128, each at most
// n threads, none past n.  Each launch is race-free.
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
  tail<<<n / 256, 256>>>(d, n);
  tail<<<n / 128, 128>>>(d, n);
  return 0;
}
