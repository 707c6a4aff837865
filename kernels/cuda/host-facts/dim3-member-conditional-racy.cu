//xfail:NOT_ALL_VERIFIED
// `grid.x` is set to n / 256, but reset to n / 128 when a flag is given:
// the assignment that reaches the launch depends on the run.  With
// n = 256 and the flag, 2 blocks of 256 threads run and threads 256..511
// all write a[256] — a race.
#include <stdlib.h>

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
  dim3 grid;
  grid.x = n / 256;
  if (argc > 2)
    grid.x = n / 128;
  cudaMalloc(&d, (2 * n + 1) * sizeof(int));
  tail<<<grid, 256>>>(d, n);
  return 0;
}
