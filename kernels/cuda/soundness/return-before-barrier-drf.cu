//pass
//--blockDim=[64] --gridDim=[1]
// Race-free, no divergence: the early return depends only on the parameter n,
// so either all threads return or all reach the barrier; thread t touches
// only s[t] and out[t].
__global__ void k(int *out, int n)
{
  __shared__ int s[64];
  if (n == 0) return;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
