//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// Barrier divergence: the twin of guard-required-multiple-drf.cu without
// the requirement that n be a multiple of 128.  For n = 1 (one block),
// thread 0 passes the guard and waits at the barrier, threads 1..127 skip
// it.
__global__ void shift(const int *in, int *out, unsigned int n, unsigned int blocks)
{
  __shared__ int s[128];
  unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < n) {
    s[threadIdx.x] = in[id];
    __syncthreads();
    out[id] = s[(threadIdx.x + 1) % 128];
  }
}
