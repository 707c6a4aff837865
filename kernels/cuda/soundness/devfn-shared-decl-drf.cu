//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the shared array x inside put is written at x[t] by thread t
// only.
__device__ void put(int v)
{
  __shared__ int x[64];
  x[threadIdx.x] = v;
}

__global__ void k(int *out)
{
  put(threadIdx.x);
}
