//xfail:NOT_ALL_VERIFIED
// The loop starts k at 1 and counts up, but the body itself also changes
// k before the launch: in the first iteration k becomes 0 and the launch
// with k = 0 makes all 256 threads write a[0] — a race.
#include <stdlib.h>

__global__ void pick(unsigned *a, unsigned k)
{
  if (k == 0)
    a[0] = threadIdx.x;
  else
    a[threadIdx.x] = k;
}

int main(int argc, char **argv)
{
  unsigned m = strtoul(argv[1], 0, 10);
  unsigned *d;
  cudaMalloc(&d, 256 * sizeof(unsigned));
  for (unsigned k = 1; k < m; k++) {
    k = k - 1;
    pick<<<1, 256>>>(d, k);
    k = k + 1;
  }
  return 0;
}
