//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: put(a + t, t) writes a[t] only.
__noinline__ __device__ void put(int *p, int v) { p[0] = v; }

__global__ void k(int *a)
{
  put(a + threadIdx.x, threadIdx.x);
}
