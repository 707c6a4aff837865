//pass
//--blockDim=256
// Privatized histogram (Kirk & Hwu, ch. 9): per-block bins in shared
// memory cleared in a strided loop, atomics, then a strided merge.
#define BINS 64
__global__ void histo_private(const unsigned char *data, unsigned int *bins, int n)
{
  __shared__ unsigned int h[BINS];
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    h[b] = 0;
  __syncthreads();
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    atomicAdd(&h[data[i] % BINS], 1);
  __syncthreads();
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&bins[b], h[b]);
}
