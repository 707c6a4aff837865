// expect: racy
// The host checks that n is a multiple of 256, then halves it in a
// statement clang cannot compile (a stray `+`), then launches ceil(n / 256)
// blocks of 256 threads with the halved n: for n = 512 that is 2 blocks,
// 512 threads, and n = 256, so the threads past n all write a[n] — a race
// the program hits.  The halving is in the source the user wrote even
// though clang drops it: the check before it says nothing about the n of
// the launch, so no fact from this function may be used.
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
  int blocks = (n + 255) / 256;
  n = n / 2 +;
  tail<<<blocks, 256>>>(d, n);
  return 0;
}
