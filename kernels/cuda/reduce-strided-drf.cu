//pass
//--blockDim=128
// Tree reduction with interleaved addressing (CUDA SDK reduction, kernel 1):
// the stride doubles (s *= 2) and only threads with tid % (2s) == 0 work.
__global__ void reduce1(int *g_idata, int *g_odata)
{
  __shared__ int sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
