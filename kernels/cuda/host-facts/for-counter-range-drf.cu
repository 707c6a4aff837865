//pass
// The launch loop passes k = 1 .. m - 1: `k < m` holds when the body is
// entered, and k starts at 1 and only grows (k + 1 cannot overflow while
// k < m), so k is never 0 — no race.
#include <stdlib.h>

// Every thread writes a[0] when k is 0 (a race); otherwise each writes
// its own cell.  Race-free exactly when k != 0.
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
  for (unsigned k = 1; k < m; k++)
    pick<<<1, 256>>>(d, k);
  return 0;
}
