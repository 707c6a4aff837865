//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: f(a + t, t) writes (a + t)[0] = a[t]; one cell per thread.
__device__ void put(int *p, int v) { p[0] = v; }

__global__ void k(int *a)
{
  void (*f)(int *, int) = put;
  f(a + threadIdx.x, threadIdx.x);
}
