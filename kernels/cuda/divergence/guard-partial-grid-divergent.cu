//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[21,25]
// Barrier divergence: the twin of guard-exact-grid-drf.cu for a 330-pixel
// wide image.  The last column of blocks (blockIdx.x = 20) covers columns
// 320..335: its threads with threadIdx.x < 10 pass the guard and reach the
// barrier, the others skip it — threads of one block disagree on reaching
// __syncthreads(), which is undefined behaviour.  mapcheck reports the
// divergence with two such threads as its witness.
#define W 330
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
