//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --grid-level
// Grid-level race: thread 0 of every block adds its partial sum to the
// global total with a plain read-modify-write (no atomic).
__global__ void sum_all(const float *in, float *total)
{
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    *total += sdata[0];
}
