//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: q = &p[t].x points to an int, so q[2] is the int 8 bytes further,
// p[t + 1].x (not p[t + 2]).  Thread 0 (even) writes p[1].x while thread 1
// (odd) reads it, unordered.  (Moving q by whole records, even threads
// would write the x of even elements only, which no odd thread reads.)
struct S {
  int x;
  int y;
};

__global__ void k(S *p, int *out)
{
  int *q = &p[threadIdx.x].x;
  if (threadIdx.x % 2 == 0) q[2] = threadIdx.x;
  if (threadIdx.x % 2 == 1) out[threadIdx.x] = p[threadIdx.x].x;
}
