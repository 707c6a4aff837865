//xfail:NOT_ALL_VERIFIED
// As `dim3-members-drf.cu`, but the grid also gets two rows of blocks
// (`grid.y = 2`): blocks (0, 0) and (0, 1) both write a[0..255], so
// thread 0 of each writes a[0] — a race.
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
  dim3 block;
  block.x = 256;
  grid.x = n / 256;
  grid.y = 2;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  tail<<<grid, block>>>(d, n);
  return 0;
}
