//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: both kernels write a[t] in thread t only.
__global__ void good(int *a)
{
  a[threadIdx.x] = threadIdx.x;
}

__global__ void good2(int *a)
{
  a[threadIdx.x + 1 - 1] = threadIdx.x;
}
