//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// The split of the dynamic shared allocation is off by one: b starts at
// smem + blockDim.x - 1, so b[0] (thread 0) is a[blockDim.x - 1] (thread
// blockDim.x - 1).
__global__ void split(const float *in, float *out)
{
  extern __shared__ float smem[];
  float *a = smem;
  float *b = smem + blockDim.x - 1;
  a[threadIdx.x] = in[threadIdx.x];
  b[threadIdx.x] = in[threadIdx.x] * 2.0f;
  __syncthreads();
  out[threadIdx.x] = a[blockDim.x - 1 - threadIdx.x] + b[(threadIdx.x + 1) % blockDim.x];
}
