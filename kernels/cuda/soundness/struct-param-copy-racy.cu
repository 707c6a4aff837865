//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: f gets a copy of the kernel parameter q and sets the copy's x to
// its thread id; q.x keeps its launch value in every thread, so all threads
// write a[q.x], different values, unordered.
struct P { int x; int y; };

__device__ int f(P p)
{
  p.x = threadIdx.x;
  return p.x + p.y;
}

__global__ void k(P q, int *a)
{
  int r = f(q);
  a[q.x] = r;
}
