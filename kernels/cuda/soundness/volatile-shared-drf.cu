//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the barrier separates every write s[t] from every read s[t ^ 1].
__global__ void k(int *out)
{
  __shared__ volatile int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
