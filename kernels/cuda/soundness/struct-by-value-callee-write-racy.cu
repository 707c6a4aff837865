//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: f gets a copy of q and sets the copy's x to its thread id; the
// caller's q.x stays 0 in every thread, so every thread writes a[0], with
// different values.  (A copy that aliased the caller's struct would make
// q.x the thread id, and the writes distinct.)
struct P { int x; int y; };

__device__ int f(P p)
{
  p.x = threadIdx.x;
  return p.y;
}

__global__ void k(int *a)
{
  P q;
  q.x = 0;
  q.y = 1;
  f(q);
  a[q.x] = threadIdx.x;
}
