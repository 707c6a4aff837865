//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Barrier divergence: the twin of strided-loop-uniform-trips-drf.cu over
// 500 elements.  Threads 0..243 run two iterations (i = t, t + 256), threads
// 244..255 only one, so they stop meeting the barriers of the second
// iteration that the others wait at.
__global__ void block_sum(const float *in, float *out)
{
  __shared__ float stage[256];
  float acc = 0;
  for (int i = threadIdx.x; i < 500; i += blockDim.x) {
    stage[threadIdx.x] = in[blockIdx.x * 500 + i];
    __syncthreads();
    if (threadIdx.x == 0)
      for (int j = 0; j < 256; j++)
        acc += stage[j];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc;
}
