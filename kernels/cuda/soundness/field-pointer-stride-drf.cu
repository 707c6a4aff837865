//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: q = &p[t].x, so q[1] is p[t].y, in thread t's own element;
// each thread also counts in its own p[t].n.  No two threads touch one
// element.
struct S {
  int x;
  int y;
  int n;
  int pad;
};

__global__ void k(S *p)
{
  int *q = &p[threadIdx.x].x;
  q[1] = threadIdx.x;
  atomicAdd(&p[threadIdx.x].n, 1);
  p[threadIdx.x].x = 0;
}
