//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// The twin of global-device-pointer-drf.cu indexed by threadIdx.x only:
// thread 0 of block 0 and thread 0 of block 1 both write d_out[0] (with
// different values a * in[0] and a * in[128]): a race across blocks.
__device__ float *d_out;

__global__ void scale(const float *in, float a)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d_out[threadIdx.x] = a * in[i];
}
