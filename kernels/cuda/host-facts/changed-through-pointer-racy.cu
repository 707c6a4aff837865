//xfail:NOT_ALL_VERIFIED
// As `changed-after-use-racy.cu`, but `n` is lowered through a pointer to
// it, which its name never shows: with n = 512, 512 threads and a kernel
// argument of 502, threads 502..511 all write a[502].
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
  int *d;
  n = atoi(argv[1]);
  int blocks = n / 256;
  int *p = &n;
  *p = *p - 10;
  cudaMalloc(&d, (n + 11) * sizeof(int));
  tail<<<blocks, 256>>>(d, n);
  return 0;
}
