//pass
//--blockDim=256
// CUDA SDK reduction, kernel 6: the block size is a template parameter and
// the tree is unrolled under `if (blockSize >= …)` tests (uniform
// conditions), with a grid-stride loading loop.
template <unsigned int blockSize>
__global__ void reduce6(const int *g_idata, int *g_odata, unsigned int n)
{
  __shared__ int sdata[512];
  __requires(blockSize == 256);
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  int sum = 0;
  while (i < n) {
    sum += g_idata[i];
    if (i + blockSize < n)
      sum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
  if (tid < 32) { if (blockSize >= 64) sdata[tid] = sdata[tid] + sdata[tid + 32]; }
  __syncthreads();
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
template __global__ void reduce6<256>(const int *, int *, unsigned int);
