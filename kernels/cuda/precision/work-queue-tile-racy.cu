//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[8] --only-intra-group
// Racy within a block: every thread writes element t / 2 of the tile, so
// threads 0 and 1 of a block write the same cell in the same round.
__device__ unsigned int next_tile;

__global__ void process(float *out, unsigned int tiles)
{
  __shared__ unsigned int tile;
  unsigned t = threadIdx.x;
  while (true) {
    __syncthreads();
    if (t == 0) tile = atomicAdd(&next_tile, 1);
    __syncthreads();
    if (tile >= tiles) break;
    out[tile * 32 + t / 2] = 2.0f * t;
  }
}
