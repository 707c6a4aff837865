//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: q points to the __shared__ struct s, so q->v = threadIdx.x writes s.v
// in every thread.  Thread 0 writes s.v = 0, thread 1 writes s.v = 1, no
// barrier between them.  (The read of s.v after the barrier is ordered.)
struct S { int v; int w; };

__global__ void k(int *out)
{
  __shared__ S s;
  S *q = &s;
  q->v = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s.v;
}
