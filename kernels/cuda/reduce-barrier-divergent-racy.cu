//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Tree reduction with the barrier inside the `tid < s` branch: threads
// with tid >= s skip it (barrier divergence, undefined behaviour).
__global__ void reduce(const float *g_idata, float *g_odata)
{
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
      __syncthreads();
    }
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
