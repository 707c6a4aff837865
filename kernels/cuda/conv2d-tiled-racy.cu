//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16]
// Tiled 2-D convolution where the load loop starts at the thread's row but
// steps by 1 instead of blockDim.y: rows are loaded by several threads.
#define R 1
#define T 16
#define W (T + 2 * R)
__global__ void conv2d(const float *in, float *out, const float *mask, int width, int height)
{
  __shared__ float tile[W][W];
  for (int r = threadIdx.y; r < W; r++)
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
