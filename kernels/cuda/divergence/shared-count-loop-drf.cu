//pass
//--blockDim=128 --gridDim=64
// Race-free: thread 0 reads the block's tile count into the shared `n`;
// after the barrier every thread reads `n` — the same cell, which no
// thread writes again — so every thread runs the same number of
// iterations of the loop with barriers.  In each iteration a thread writes
// its own cell of `tile` and, after the barrier, reads the mirrored cell;
// the second barrier orders those reads before the next iteration's
// writes.  Tile t of block b is tile t * gridDim.x + b of the arrays, so
// blocks touch disjoint tiles (the arithmetic is signed: no wrap-around,
// which would make the index modular and the solver's work much harder
// without changing what this kernel tests).
__global__ void reverse_tiles(const int *in, int *out, const int *counts)
{
  __shared__ int n;
  __shared__ int tile[128];
  if (threadIdx.x == 0)
    n = counts[blockIdx.x];
  __syncthreads();
  int tiles = n;
  for (int t = 0; t < tiles; t++) {
    int base = (t * (int)gridDim.x + (int)blockIdx.x) * 128;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = tile[127 - threadIdx.x];
    __syncthreads();
  }
}
