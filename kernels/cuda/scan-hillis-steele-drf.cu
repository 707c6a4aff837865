//pass
//--blockDim=256
// Inclusive scan, Hillis & Steele (GPU Gems 3, ch. 39, naive scan), single
// buffer: each step reads into a register, a barrier, then writes.
__global__ void scan_hs(const float *in, float *out, int n)
{
  __shared__ float temp[256];
  unsigned int tid = threadIdx.x;
  temp[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int offset = 1; offset < blockDim.x; offset *= 2) {
    float v = temp[tid];
    if (tid >= offset)
      v += temp[tid - offset];
    __syncthreads();
    temp[tid] = v;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = temp[tid];
}
