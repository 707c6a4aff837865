//pass
//--blockDim=[16,16] --gridDim=[20,25]
// Race-free: the usual image guard `x < width && y < height` around a tiled
// stencil with barriers.  The grid covers the 320 x 400 image exactly
// (20 x 16 = 320 columns, 25 x 16 = 400 rows), so every thread of every
// block passes the guard: the condition mentions threadIdx but all threads
// of a block agree on it, and the barriers are not divergent.  Inside, each
// thread writes only its own tile cell before the barrier and reads its
// neighbours' after it, and writes only its own pixel of `out`.
#define W 320
#define H 400
__global__ void blur(const float *in, float *out)
{
  __shared__ float tile[16][16];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    tile[threadIdx.y][threadIdx.x] = in[y * W + x];
    __syncthreads();
    float s = tile[threadIdx.y][threadIdx.x];
    if (threadIdx.x > 0)
      s += tile[threadIdx.y][threadIdx.x - 1];
    if (threadIdx.x < 15)
      s += tile[threadIdx.y][threadIdx.x + 1];
    out[y * W + x] = s;
  }
}
