//pass
//--blockDim=256 --gridDim=64
// Tree reduction in shared memory (CUDA SDK reduction, kernel 3):
// sequential addressing, halving stride, barrier in every step.
__global__ void reduce(float *g_idata, float *g_odata, unsigned int n)
{
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
