//xfail:NOT_ALL_VERIFIED
// As `for-counter-range-drf.cu`, but the loop runs while `k <= m`: with
// m = UINT_MAX the condition always holds, k wraps from UINT_MAX to 0
// (unsigned arithmetic is modular), and the launch with k = 0 makes all
// 256 threads write a[0] — a race the program reaches.
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
  for (unsigned k = 1; k <= m; k++)
    pick<<<1, 256>>>(d, k);
  return 0;
}
