//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop sets p to `other` through the reference r, so in the
// second iteration every thread reads other[0], which thread 0 writes
// before the loop with no barrier between: thread 0's write and thread
// 1's read of other[0] race.  A pointer a reference stands for, moved by
// the loop through the reference, may point into another array.
__device__ int other[64];

__global__ void k(int *b, int *out)
{
  other[threadIdx.x] = threadIdx.x;
  int *p = b;
  int *&r = p;
  int s = 0;
  for (int i = 0; i < 2; i++) {
    s += p[0];
    r = other;
  }
  out[threadIdx.x] = s;
}
