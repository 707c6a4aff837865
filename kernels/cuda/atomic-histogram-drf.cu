//pass
//--blockDim=256
// Histogram in shared memory with atomics: atomics do not race with each
// other; the barriers separate the plain accesses from the atomic ones.
__global__ void histogram(const unsigned char *in, unsigned int *bins, int n)
{
  __shared__ unsigned int h[256];
  h[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&h[in[i]], 1);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}
