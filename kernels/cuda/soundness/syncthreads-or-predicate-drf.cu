//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: __syncthreads_or is a block barrier; the read of s[t ^ 1] comes
// after it, every write before it.
__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  int any = __syncthreads_or(threadIdx.x == 0);
  out[threadIdx.x] = s[threadIdx.x ^ 1] + any;
}
