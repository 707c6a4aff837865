//pass
//--blockDim=128
// One dynamic shared allocation split into two arrays by pointer
// arithmetic (CUDA programming guide, "extern __shared__"): a and b are
// aliases of smem at offsets 0 and blockDim.x.
__global__ void split(const float *in, float *out)
{
  extern __shared__ float smem[];
  float *a = smem;
  float *b = smem + blockDim.x;
  a[threadIdx.x] = in[threadIdx.x];
  b[threadIdx.x] = in[threadIdx.x] * 2.0f;
  __syncthreads();
  out[threadIdx.x] = a[blockDim.x - 1 - threadIdx.x] + b[(threadIdx.x + 1) % blockDim.x];
}
