//pass
//--blockDim=256 --gridDim=1
// `coords` returns a thread's row and column through two out-parameters:
// row = t / 16 and col = t % 16 are distinct pairs for distinct t < 256,
// so every thread writes its own tile[row][col] before the barrier, and
// reads its transposed neighbour tile[col][row] (written by thread
// 16 * col + row) only after it.
__device__ void coords(int *row, int *col, int t)
{
  *row = t / 16;
  *col = t % 16;
}

__global__ void transpose(const float *in, float *out)
{
  __shared__ float tile[16][16];
  int r, c;
  coords(&r, &c, threadIdx.x);
  tile[r][c] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[c][r];
}
