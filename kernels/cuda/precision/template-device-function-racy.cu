//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[8]
// Racy: as template-device-function-drf.cu without the barrier: thread 0
// reads buf[127] while thread 127 may still be writing it.
template <class T> struct Buffer {
  __device__ operator T *() {
    extern __shared__ float words[];
    return (T *)words;
  }
};

template <class T> __device__ T stage(const T *in, unsigned int t)
{
  T *buf = Buffer<T>();
  buf[t] = in[t];
  return buf[blockDim.x - 1 - t];
}

__global__ void reverse(const float *in, float *out)
{
  unsigned int base = blockIdx.x * blockDim.x;
  out[base + threadIdx.x] = stage<float>(in + base, threadIdx.x);
}
