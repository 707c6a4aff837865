//pass
//--blockDim=[32,8] --gridDim=[8,8] --param width=256 --param height=256 --block-level
// Checked within one block (the race of Listing 2.1 is on the shared tile).
// Across blocks mapcheck raises a false alarm: the diagonal block index is
// assigned in both branches of `if (width == height)` and the merge becomes
// an unknown (docs/c-model.md).
// Test 1 of Claim 1 (seeds/000, Listing 2.1), DRF version: transposeDiagonal from
// the CUDA SDK transpose tutorial, repeated NREPS times.  The next
// repetition writes `tile` while threads may still read the previous one.
// Fixed here by a barrier after the second loop (Table 1, DRF version).
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeDiagonal(float *odata, float *idata, int width, int height, int nreps)
{
  __requires(width >= TILE_DIM && height >= TILE_DIM);
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_x, blockIdx_y;
  if (width == height) {
    blockIdx_y = blockIdx.x;
    blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    blockIdx_y = bid % gridDim.y;
    blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
  }
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + (yIndex) * width;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + (yIndex) * height;
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    }
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
    }
    __syncthreads();
  }
}
