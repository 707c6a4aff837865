//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: thread 0 returns before the __syncthreads() that
// threads 1..63 reach.
__global__ void k(int *out)
{
  __shared__ int s[64];
  if (threadIdx.x == 0) return;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
