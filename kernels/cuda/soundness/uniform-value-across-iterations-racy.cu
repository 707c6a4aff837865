//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: with n >= 16, thread 0 at iteration i = 15 writes
// a[0 * 4 + popc(15)] = a[4], and thread 1 at iteration i = 0 writes
// a[1 * 4 + popc(0)] = a[4]; there is no barrier.  `__popc(i)` has the same
// value in every thread at one iteration, but another at the next: an
// analysis that gave it one value for the whole execution would miss the
// race (an earlier mapcheck did).
__global__ void k(int *a, int n)
{
  for (int i = 0; i < n; i++) {
    a[threadIdx.x * 4 + __popc(i)] = i;
  }
}
