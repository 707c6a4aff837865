//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: with s == 0 and n >= 1 every thread writes a[0 * 0 + 0] = a[0]
// (the condition `j < s || s == 0` holds at j = 0), with no barrier.
// For s >= 1 the row `threadIdx.x * s` is the thread's own and j < s stays
// inside it, so the race exists only for a zero stride.
__global__ void k(int *a, unsigned s, unsigned n)
{
  __requires(s < 1024);
  for (unsigned j = 0; j < n; j++)
    if (j < s || s == 0)
      a[threadIdx.x * s + j] = threadIdx.x;
}
