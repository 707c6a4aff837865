// expected: racy (//xfail:NOT_ALL_VERIFIED), but mapcheck answers DRF: a known soundness gap, see README
//--blockDim=[64] --gridDim=[1]
// Racy: each thread stores -1 in b[t] and reads it back (its own cell), so
// v = -1 < 0 in every thread and all write a[0]: threads 0 and 1 write 0 and
// 1, unordered.  (If a and b alias, more races, still racy.)
__global__ void k(int *a, int *b)
{
  b[threadIdx.x] = -1;
  int v = b[threadIdx.x];
  if (v < 0) a[0] = threadIdx.x;
}
