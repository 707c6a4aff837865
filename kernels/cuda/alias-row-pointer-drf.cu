//pass
//--blockDim=[16,16]
// A pointer to a row of a 2-D shared tile (tile[threadIdx.y]) used as a
// 1-D array: row[threadIdx.x] is tile[threadIdx.y][threadIdx.x].
__global__ void rows(const int *in, int *out)
{
  __shared__ int tile[16][16];
  int *row = tile[threadIdx.y];
  row[threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
