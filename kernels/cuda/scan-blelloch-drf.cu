//pass
//--blockDim=256
// Work-efficient (Brent-Kung / Blelloch) inclusive scan of 512 elements by
// 256 threads (Kirk & Hwu, ch. 8): up-sweep, then down-sweep, a barrier
// at the end of every step.
#define N 512
__global__ void scan_bk(const float *in, float *out)
{
  __shared__ float x[N];
  unsigned int tid = threadIdx.x;
  x[tid] = in[tid];
  x[tid + blockDim.x] = in[tid + blockDim.x];
  __syncthreads();
  for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
    unsigned int index = (tid + 1) * stride * 2 - 1;
    if (index < N)
      x[index] += x[index - stride];
    __syncthreads();
  }
  for (unsigned int stride = N / 4; stride > 0; stride /= 2) {
    unsigned int index = (tid + 1) * stride * 2 - 1;
    if (index + stride < N)
      x[index + stride] += x[index];
    __syncthreads();
  }
  out[tid] = x[tid];
  out[tid + blockDim.x] = x[tid + blockDim.x];
}
