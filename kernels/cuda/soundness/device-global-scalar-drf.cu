//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: one block; thread t writes g[t] only.
__device__ int g[64];

__global__ void k(int *out)
{
  g[threadIdx.x] = threadIdx.x;
}
