//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[4]
// Racy: as its DRF twin but without the barrier: thread 0 reads s[127]
// while thread 127 writes it.
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
  out[blockIdx.x * blockDim.x + t] = s[127 - t];
}
