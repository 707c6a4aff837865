//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Hillis & Steele scan done in place without the middle barrier: thread
// tid reads temp[tid - offset] while thread tid - offset writes it.
__global__ void scan_hs(const float *in, float *out, int n)
{
  __shared__ float temp[256];
  unsigned int tid = threadIdx.x;
  temp[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int offset = 1; offset < blockDim.x; offset *= 2) {
    if (tid >= offset)
      temp[tid] += temp[tid - offset];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = temp[tid];
}
