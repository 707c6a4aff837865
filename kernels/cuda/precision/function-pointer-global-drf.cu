//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: f(t) writes g[t] only (one block); distinct cells per thread.
__device__ int g[64];
__device__ void put(int v) { g[v] = v; }

__global__ void k(int *out)
{
  void (*f)(int) = put;
  f(threadIdx.x);
}
