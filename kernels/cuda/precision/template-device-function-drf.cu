//pass
//--blockDim=[128] --gridDim=[8]
// Race-free: the type-generic helper `stage` finds its shared buffer
// through `Buffer<T>` (a class template converting to `T *`) and is
// called with T = float: thread t writes buf[t], and after the barrier
// reads buf[127 - t], written by thread 127 - t before the barrier.
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
  __syncthreads();
  return buf[blockDim.x - 1 - t];
}

__global__ void reverse(const float *in, float *out)
{
  unsigned int base = blockIdx.x * blockDim.x;
  out[base + threadIdx.x] = stage<float>(in + base, threadIdx.x);
}
