//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: as host-wrapper-instantiation-drf.cu (the instance reduce<float>
// is named only by the host wrapper's explicit instantiation), but the
// barrier is missing after the first store: in the first level thread 0
// reads sdata[128], which thread 128 stores (in[blockIdx.x*256 + 128])
// before the loop, and no barrier orders the store before the read.
#include <cuda_runtime.h>

template <class T>
struct SharedMemory {
  __device__ inline operator T *()
  {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T>
__global__ void reduce(const T *in, T *out, unsigned n)
{
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0;
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

template <class T>
void run(const T *in, T *out, unsigned n)
{
  reduce<T><<<64, 256, 256 * sizeof(T)>>>(in, out, n);
}

template void run<float>(const float *in, float *out, unsigned n);
