//pass
// The host launches in a loop, each time n / 256 blocks of 256 threads
// for the n it passes: 256 * (n / 256) <= n threads, none past n, at
// every iteration (n is declared in the loop body and never changed).
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
  cudaMalloc(&d, 4096 * sizeof(int));
  for (int k = 1; k <= 4; k++) {
    int n = 256 * k + atoi(argv[1]);
    tail<<<n / 256, 256>>>(d, n);
  }
  return 0;
}
