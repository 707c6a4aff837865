//pass
//--blockDim=[32] --gridDim=[1]
// Race-free: p = &tile[0][0] walks the 2x16 array row by row, so thread t
// writes p[t], the cell tile[t / 16][t % 16]; after the barrier thread t
// reads tile[1][t % 16], which is p[16 + t % 16].  Writes are to distinct
// cells and every read follows the barrier.
__global__ void k(float *out)
{
  __shared__ float tile[2][16];
  float *p = &tile[0][0];
  p[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[1][threadIdx.x % 16];
}
