//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: neither loop runs an iteration (64 is not below 32, 1 is not above
// 2), so s keeps its start 64 and d its start 1: both are non-zero, and
// every thread writes a[0] and a[1].  A loop over powers that runs no
// iteration leaves its variable at its start, not at start times (or
// over) the step of a last iteration that did not happen.
__global__ void k(int *a)
{
  unsigned s = 0;
  for (s = 64; s < 32; s *= 2)
    a[threadIdx.x + 2] = s;
  unsigned d = 0;
  for (d = 1; d > 2; d /= 2)
    a[threadIdx.x + 2] = d;
  if (s != 0)
    a[0] = threadIdx.x;
  if (d != 0)
    a[1] = threadIdx.x;
}
