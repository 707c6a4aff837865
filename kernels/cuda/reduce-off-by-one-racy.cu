//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Tree reduction, off-by-one: `tid <= s` lets thread s write sdata[s]
// while thread 0 reads sdata[0 + s] in the same step.
__global__ void reduce(const float *g_idata, float *g_odata)
{
  __shared__ float sdata[512];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid <= s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
