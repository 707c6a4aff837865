//pass
// A launch loop counting down from m to 1 (`k >= 1` holds in the body;
// k starts at m and only shrinks, and k - 1 cannot wrap while k >= 1), so
// k is never 0 — no race.
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
  for (unsigned k = m; k >= 1; k--)
    pick<<<1, 256>>>(d, k);
  return 0;
}
