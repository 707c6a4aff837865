//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the return depends on the parameter n only, so either every
// thread of the block returns before the barrier or none does; those that
// go on write s[t] before the barrier and read their neighbour's cell
// after it.
__global__ void k(int *a, int n)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (n > 0) {
    if (n > 3) return;
    a[64 + threadIdx.x] = n;
  }
  __syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
