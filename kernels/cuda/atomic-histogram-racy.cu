//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Histogram racy variant: the barrier between clearing the bins and the
// atomic updates is missing (an atomic races with a plain write).
__global__ void histogram(const unsigned char *in, unsigned int *bins, int n)
{
  __shared__ unsigned int h[256];
  h[threadIdx.x] = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&h[in[i]], 1);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}
