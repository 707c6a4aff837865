//xfail:NOT_ALL_VERIFIED
//--blockDim=32
// Bitonic sort, racy variant: the barrier before each compare-and-swap
// step is missing, so step k+1 reads keys that step k of another thread
// may still be swapping.
#define N 64
__device__ void compareSwap(unsigned int *k, unsigned int a, unsigned int b, bool up)
{
  unsigned int x = k[a], y = k[b];
  if ((x > y) == up) {
    k[a] = y;
    k[b] = x;
  }
}

__global__ void bitonicSortShared(unsigned int *d_key)
{
  __shared__ unsigned int s_key[N];
  unsigned int tid = threadIdx.x;
  s_key[tid] = d_key[blockIdx.x * N + tid];
  s_key[tid + N / 2] = d_key[blockIdx.x * N + tid + N / 2];
  for (unsigned int size = 2; size <= N; size *= 2) {
    bool up = ((tid / (size / 2)) % 2) == 0;
    for (unsigned int stride = size / 2; stride > 0; stride /= 2) {
      unsigned int pos = 2 * tid - tid % stride;
      compareSwap(s_key, pos, pos + stride, up);
    }
  }
  __syncthreads();
  d_key[blockIdx.x * N + tid] = s_key[tid];
  d_key[blockIdx.x * N + tid + N / 2] = s_key[tid + N / 2];
}
