//pass
//--blockDim=[64] --gridDim=[2]
// Race-free: the global index 64 b + t is distinct for every (block, thread).
__global__ void k(int *a)
{
  a[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}
