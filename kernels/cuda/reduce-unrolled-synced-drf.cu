//pass
//--blockDim=128
// Fully unrolled tree reduction for a fixed block of 128 threads, with a
// barrier (outside the branches) after every step.
__global__ void reduce_unrolled(const int *g_idata, int *g_odata)
{
  __shared__ int sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64) sdata[tid] += sdata[tid + 64];
  __syncthreads();
  if (tid < 32) sdata[tid] += sdata[tid + 32];
  __syncthreads();
  if (tid < 16) sdata[tid] += sdata[tid + 16];
  __syncthreads();
  if (tid < 8) sdata[tid] += sdata[tid + 8];
  __syncthreads();
  if (tid < 4) sdata[tid] += sdata[tid + 4];
  __syncthreads();
  if (tid < 2) sdata[tid] += sdata[tid + 2];
  __syncthreads();
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0] + sdata[1];
}
