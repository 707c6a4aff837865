//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[4]
// Racy: as template-type-shared-memory-drf.cu, but the barrier after the
// load is missing: in the first round thread 0 reads sdata[64] while
// thread 64 may still be writing it.
template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int smem[];
    return (T *)smem;
  }
};

template <class T> __global__ void sum(const T *in, T *out)
{
  T *sdata = SharedMemory<T>();
  unsigned int t = threadIdx.x;
  sdata[t] = in[blockIdx.x * blockDim.x + t];
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
}

template __global__ void sum<float>(const float *in, float *out);
