//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// The twin of out-parameter-drf.cu with col = t % 8: threads 0 and 8 both
// get row 0, col 0 and write tile[0][0] before the barrier.
__device__ void coords(int *row, int *col, int t)
{
  *row = t / 16;
  *col = t % 8;
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
