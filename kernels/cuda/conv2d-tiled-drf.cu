//pass
//--blockDim=[16,16]
// Tiled 2-D convolution: the block cooperatively loads a (16+2R)^2 input
// tile with block-strided loops, a barrier, then each thread computes one
// output from the tile.
#define R 1
#define T 16
#define W (T + 2 * R)
__global__ void conv2d(const float *in, float *out, const float *mask, int width, int height)
{
  __shared__ float tile[W][W];
  for (int r = threadIdx.y; r < W; r += blockDim.y)
    for (int c = threadIdx.x; c < W; c += blockDim.x) {
      int gy = blockIdx.y * T + r - R;
      int gx = blockIdx.x * T + c - R;
      tile[r][c] = (gx >= 0 && gy >= 0 && gx < width && gy < height) ? in[gy * width + gx] : 0.0f;
    }
  __syncthreads();
  float v = 0;
  for (int dy = 0; dy <= 2 * R; dy++)
    for (int dx = 0; dx <= 2 * R; dx++)
      v += tile[threadIdx.y + dy][threadIdx.x + dx] * mask[dy * (2 * R + 1) + dx];
  int x = blockIdx.x * T + threadIdx.x;
  int y = blockIdx.y * T + threadIdx.y;
  if (x < width && y < height)
    out[y * width + x] = v;
}
