//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: step() (with its barrier) is called by every thread; thread t
// touches only s[t] and out[t].
__device__ void step(int *s)
{
  s[threadIdx.x] = 1;
  __syncthreads();
}

__global__ void k(int *out)
{
  __shared__ int s[64];
  step(s);
  out[threadIdx.x] = s[threadIdx.x];
}
