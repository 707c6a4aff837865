//pass
//--blockDim=256 --gridDim=64
// Race-free: a block-strided loop `for (i = threadIdx.x; i < 512; i +=
// blockDim.x)` with a barrier in its body.  Its bounds mention threadIdx,
// but with 256 threads every thread runs exactly two iterations
// (i = t and i = t + 256), so all threads reach the same barriers.  In each
// iteration a thread writes its own cell of `stage`, and after the barrier
// thread 0 alone reads the whole stage; the second barrier keeps the next
// iteration's writes after thread 0's reads.
__global__ void block_sum(const float *in, float *out)
{
  __shared__ float stage[256];
  float acc = 0;
  for (int i = threadIdx.x; i < 512; i += blockDim.x) {
    stage[threadIdx.x] = in[blockIdx.x * 512 + i];
    __syncthreads();
    if (threadIdx.x == 0)
      for (int j = 0; j < 256; j++)
        acc += stage[j];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc;
}
