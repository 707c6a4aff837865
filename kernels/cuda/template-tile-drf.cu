//pass
//--blockDim=[16,16] --gridDim=[64,64] --param TILE=16 --param width=1024
// The grid covers the 1024 columns exactly (64 blocks of 16): a wider grid
// would make blocks of one row write the next row's cells, a real race
// between blocks.
// Template kernel analysed generically (TILE is a symbolic constant) with
// a 2-D block: tiled copy through shared memory.
template <int TILE>
__global__ void copy_tile(float *out, const float *in, int width)
{
  __shared__ float tile[TILE][TILE];
  __requires(TILE == 16 && width >= TILE);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  out[y * width + x] = tile[threadIdx.y][threadIdx.x];
}
template __global__ void copy_tile<16>(float *, const float *, int);
