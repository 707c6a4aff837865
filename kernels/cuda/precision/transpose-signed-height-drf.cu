//pass
//--gridDim=[8,8]
// Race-free: the classic tiled transpose with `int` sizes and a block of
// 32 x blockDim.y threads, blockDim.y dividing 32.  Block (bx, by) writes
// rows Y = 32·bx + ty + j with j stepping by blockDim.y (so 32·bx ≤ Y <
// 32·bx + 32, each row once per column) and columns X = 32·by + tx, at
// odata[Y * height + X] only when X < height: two writes of one cell have
// equal Y and X (Y·height + X is a mixed-radix number, X its last digit),
// hence the same block, thread and iteration.  The index multiplies by the
// signed parameter `height`.
#define TILE 32
__global__ void transpose(float *odata, const float *idata, int width, int height)
{
  __requires(blockDim.x == TILE);
  __requires(TILE % blockDim.y == 0);
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
