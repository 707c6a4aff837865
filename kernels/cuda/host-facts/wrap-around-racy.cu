//xfail:NOT_ALL_VERIFIED
// Only without wrap-around would the grid be n / 256 blocks: for n = 0,
// which the check lets through, below = n - 256 is -256 as an int and
// 65280 as the unsigned short it is stored in, so the host launches
// 65280 / 256 + 1 = 256 blocks of 256 threads for n = 0, and all 65536
// threads write a[0].
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
  unsigned short n = (unsigned short)atoi(argv[1]);
  if (n % 256 != 0)
    return 1;
  unsigned short below = n - 256;
  int *d;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<below / 256 + 1, 256>>>(d, n);
  return 0;
}
