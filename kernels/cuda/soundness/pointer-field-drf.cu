//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t stores a + t in its private q.v.p and writes q.v.p[0],
// i.e. a[t]; distinct threads write distinct cells.
struct V { int *p; };
struct Q { int n; V v; };

__global__ void k(int *a)
{
  Q q;
  q.v.p = a + threadIdx.x;
  q.v.p[0] = threadIdx.x;
}
