//pass
// The host launches ceil(n / 256) blocks of 256, but only after returning
// when n is not a multiple of 256: the launch has exactly n threads, none
// past n, so no two threads write one cell.  Without the early return the
// grid would round up (see check-not-dominating-racy.cu).
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
  int *d;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<(n + 255) / 256, 256>>>(d, n);
  return 0;
}
