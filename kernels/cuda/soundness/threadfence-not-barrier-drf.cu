//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the barrier orders every write a[t] before every read.
__global__ void k(int *a, int *out)
{
  a[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = a[(threadIdx.x + 1) % 64];
}
