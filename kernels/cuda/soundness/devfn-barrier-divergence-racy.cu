//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: step() contains __syncthreads() and is called only by
// threads 0..31; threads 32..63 never reach that barrier.
__device__ void step(int *s)
{
  s[threadIdx.x] = 1;
  __syncthreads();
}

__global__ void k(int *out)
{
  __shared__ int s[64];
  if (threadIdx.x < 32) step(s);
  out[threadIdx.x] = s[threadIdx.x];
}
