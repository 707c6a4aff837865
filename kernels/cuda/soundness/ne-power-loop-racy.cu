//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `!=` loops over powers that land on their bound.  The first takes
// s = 1, 2, …, 32 (it stops at 64), and at s = 32 every thread writes a[0]
// = threadIdx.x; the second takes s = 32, 16, …, 1 (it stops at 0), and at
// s = 1 every thread writes b[0].  Threads 0 and 1 write the same cell,
// unordered.  A front end that found no iteration (or only the first)
// would answer DRF.
__global__ void k(int *a, int *b)
{
  for (unsigned s = 1; s != 64; s *= 2) {
    if (s == 32)
      a[0] = threadIdx.x;
  }
  for (unsigned s = 32; s != 0; s /= 2) {
    if (s == 1)
      b[0] = threadIdx.x;
  }
}
