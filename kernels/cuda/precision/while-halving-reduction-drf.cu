//pass
//--blockDim=256 --gridDim=32
// Race-free: the dot-product reduction of "CUDA by Example", its tree
// written as a while loop that halves `i` at the end of the body.  In the
// round with stride i, thread t < i reads cache[t + i] and writes
// cache[t]; t + i >= i, so no thread writes what another reads, and the
// barrier ends the round before i halves.  `i != 0` stops at 0 exactly.
__global__ void dot(const float *a, const float *b, float *c)
{
  __shared__ float cache[256];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  cache[threadIdx.x] = a[tid] * b[tid];
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x < i)
      cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
    i /= 2;
  }
  if (threadIdx.x == 0)
    c[blockIdx.x] = cache[0];
}
