//pass
//--blockDim=[128] --gridDim=[4]
// Race-free: the SDK's SharedMemory idiom — a conversion operator returning
// the dynamic shared memory.  Each thread writes its own s[t]; after the
// barrier it reads s[127 - t], written before the barrier.
template <class T> struct Shared {
  __device__ operator T *()
  {
    extern __shared__ int smem[];
    return (T *)smem;
  }
};

__global__ void k(const int *in, int *out)
{
  int *s = Shared<int>();
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[127 - t];
}
