//pass
//--blockDim=256 --gridDim=64
// Race-free: the SDK's reduction idiom.  The kernel is a template whose
// shared buffer comes from SharedMemory<T>, a conversion operator that
// means nothing until T is known; the only instance is named by the
// explicit instantiation of the host wrapper `run<float>`, which
// launches reduce<float>.  In reduce<float> each thread stores its own
// sdata[tid], the tree halves the active threads with a barrier after
// every level (the reader of sdata[tid + s] is thread tid < s, the writer
// of that cell wrote it in the previous level), and thread 0 alone writes
// out[blockIdx.x].
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
  __syncthreads();
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
