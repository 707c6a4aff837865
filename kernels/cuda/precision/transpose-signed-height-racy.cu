//xfail:NOT_ALL_VERIFIED
//--gridDim=[8,8]
// Racy: the tiled transpose of transpose-signed-height-drf.cu without its
// requirement that blockDim.y divide 32.  With blockDim.y = 3 the loop
// writes rows 32·bx + ty + j for j = 0, 3, …, 30, so thread ty = 2 at j = 30
// writes row 32·bx + 32, which block bx + 1 writes too (ty = 0, j = 0):
// both write odata[(32·bx + 32) * height + X] for the same column X.
#define TILE 32
__global__ void transpose(float *odata, const float *idata, int width, int height)
{
  __requires(blockDim.x == TILE);
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
