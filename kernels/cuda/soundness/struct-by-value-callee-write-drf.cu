//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the caller's q.x is its thread id; f changes only its own copy
// (to 0), so each thread writes its own a[q.x] = a[threadIdx.x].
struct P { int x; int y; };

__device__ int f(P p)
{
  p.x = 0;
  return p.y;
}

__global__ void k(int *a)
{
  P q;
  q.x = threadIdx.x;
  q.y = 1;
  f(q);
  a[q.x] = q.y;
}
