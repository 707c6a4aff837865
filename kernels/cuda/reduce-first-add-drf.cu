//pass
//--blockDim=128 --gridDim=32
// CUDA SDK reduction, kernel 4: each thread adds two elements while
// loading, then a sequential-addressing tree in shared memory.
__global__ void reduce4(const float *g_idata, float *g_odata, unsigned int n)
{
  __shared__ float sdata[128];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float sum = (i < n) ? g_idata[i] : 0.0f;
  if (i + blockDim.x < n)
    sum += g_idata[i + blockDim.x];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sum;
}
