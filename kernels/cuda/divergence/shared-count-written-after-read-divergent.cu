//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
// Barrier divergence (and a race on `n`): the twin of
// shared-count-loop-drf.cu where thread 0 resets `n` right after reading
// it, with no barrier in between.  Another thread may read `n` before or
// after the reset, so threads may run different numbers of iterations of
// the loop with barriers.
__global__ void reverse_tiles(const int *in, int *out, const int *counts)
{
  __shared__ int n;
  __shared__ int tile[128];
  if (threadIdx.x == 0)
    n = counts[blockIdx.x];
  __syncthreads();
  int tiles = n;
  if (threadIdx.x == 0)
    n = 0;
  for (int t = 0; t < tiles; t++) {
    int base = (t * gridDim.x + blockIdx.x) * 128;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = tile[127 - threadIdx.x];
    __syncthreads();
  }
}
