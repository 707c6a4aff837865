//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: iteration 0 writes a[2t]; then p = a + 2, so iteration 1 writes
// a[2t + 2].  Thread 0's second write (a[2], value 0) and thread 1's first
// write (a[2], value 1) are unordered.
__global__ void k(int *a)
{
  int *p = a;
  for (int i = 0; i < 2; i++) {
    p[2 * threadIdx.x] = threadIdx.x;
    p = a + 2;
  }
}
