//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Brent-Kung scan with the barrier after the load missing: the first
// up-sweep step reads x[index - 1] that another thread is still loading.
#define N 512
__global__ void scan_bk(const float *in, float *out)
{
  __shared__ float x[N];
  unsigned int tid = threadIdx.x;
  x[tid] = in[tid];
  x[tid + blockDim.x] = in[tid + blockDim.x];
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
