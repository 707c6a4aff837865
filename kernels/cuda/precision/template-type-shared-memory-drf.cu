//pass
//--blockDim=[128] --gridDim=[4]
// Race-free: the SDK's `SharedMemory<T>` idiom.  The conversion operator
// of the class template returns the dynamic shared array, so `sdata` is
// that array for the instance the program uses (T = float).  Each round of
// the tree reduction reads sdata[t + s] and writes sdata[t] for t < s only,
// cells of disjoint halves, with a barrier between rounds; thread 0 alone
// writes out[blockIdx.x].
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
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
}

template __global__ void sum<float>(const float *in, float *out);
