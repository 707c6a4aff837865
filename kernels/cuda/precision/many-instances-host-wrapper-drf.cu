//pass
// Race-free: the SDK's reduce6 behind a host wrapper that launches one
// instance per block size (5) and power-of-two flag (2), explicitly
// instantiated for int, float and double: 30 instances of the kernel,
// each checked (no launch dimensions are known: the wrapper's `threads`
// is a run-time value).  In every instance each level's readers (tid < s)
// read cells sdata[tid + s] stored before the previous barrier, and each
// thread stores only its own sdata[tid]; thread 0 alone writes
// g_odata[blockIdx.x].
#include <cuda_runtime.h>
template <class T> struct SharedMemory {
  __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
  __device__ inline operator const T *() const { extern __shared__ int __smem[]; return (T *)__smem; }
};
template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(T *g_idata, T *g_odata, unsigned int n)
{
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  T mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = mySum;
  __syncthreads();
  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
  __syncthreads();
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
  __syncthreads();
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
  __syncthreads();
  if ((blockSize >= 64) && (tid < 32)) sdata[tid] = mySum = mySum + sdata[tid + 32];
  __syncthreads();
  if ((blockSize >= 32) && (tid < 16)) sdata[tid] = mySum = mySum + sdata[tid + 16];
  __syncthreads();
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
template <class T>
void reduce(int size, int threads, int blocks, T *d_idata, T *d_odata)
{
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  int smemSize = (threads <= 32) ? 2 * threads * sizeof(T) : threads * sizeof(T);
  if ((size & (size - 1)) == 0) {
    switch (threads) {
      case 512: reduce6<T, 512, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 256: reduce6<T, 256, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 128: reduce6<T, 128, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 64: reduce6<T, 64, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 32: reduce6<T, 32, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    }
  } else {
    switch (threads) {
      case 512: reduce6<T, 512, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 256: reduce6<T, 256, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 128: reduce6<T, 128, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 64: reduce6<T, 64, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 32: reduce6<T, 32, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    }
  }
}
template void reduce<int>(int size, int threads, int blocks, int *d_idata, int *d_odata);
template void reduce<float>(int size, int threads, int blocks, float *d_idata, float *d_odata);
template void reduce<double>(int size, int threads, int blocks, double *d_idata, double *d_odata);
