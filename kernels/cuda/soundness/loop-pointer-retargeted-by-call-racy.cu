//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: in the loop's second iteration p points into `other` (the call
// returns it), so every thread reads other[0], which thread 0 writes
// before the loop with no barrier between: thread 0's write and thread
// 1's read of other[0] race.  A pointer assigned the result of a call
// may point into another array after the loop's first iteration.
__device__ int other[64];

__device__ int *elsewhere(int *x)
{
  return other;
}

__global__ void k(int *b, int *out)
{
  other[threadIdx.x] = threadIdx.x;
  int *p = b;
  int s = 0;
  for (int i = 0; i < 2; i++) {
    s += p[0];
    p = elsewhere(p);
  }
  out[threadIdx.x] = s;
}
