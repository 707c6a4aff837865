//pass
//--blockDim=256 --gridDim=64
// CUDA SDK reduction, kernel 2: interleaved addressing with a strided index
// (index = 2 * s * tid) instead of the divergent `tid % (2s)` test.
__global__ void reduce2(const int *g_idata, int *g_odata)
{
  __shared__ int sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    unsigned int index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
