//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// CUDA SDK reduction, kernel 5 style: the last warp is unrolled without
// barriers ("warp-synchronous" programming).  Under the CUDA memory model
// (and GPUVerify without --warp-sync) this is a race: thread 0 reads
// sdata[16] while thread 16 writes it.
__device__ void warpReduce(volatile int *sdata, unsigned int tid)
{
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce5(const int *g_idata, int *g_odata)
{
  __shared__ int sdata[128];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
