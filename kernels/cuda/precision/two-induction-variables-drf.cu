//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Race-free: the tile loop moves a and b together (a along a row of tiles
// of A by 16, b down a column of tiles of B by 16 * n); the bounds depend
// on the block only, so every thread of a block meets the same barriers.
// Each iteration loads one tile of each matrix into shared memory (thread
// (tx, ty) writes As[ty][tx] and Bs[ty][tx] only), the barriers separate
// the loads from the reads, and each thread writes its own C element once.
__global__ void k(const float *A, const float *B, float *C, int n)
{
  __requires(n == 64);
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int first = n * 16 * blockIdx.y;
  float sum = 0;
  for (int a = first, b = 16 * blockIdx.x; a < first + n; a += 16, b += 16 * n) {
    As[ty][tx] = A[a + n * ty + tx];
    Bs[ty][tx] = B[b + n * ty + tx];
    __syncthreads();
    for (int i = 0; i < 16; i++)
      sum += As[ty][i] * Bs[i][tx];
    __syncthreads();
  }
  C[n * 16 * blockIdx.y + 16 * blockIdx.x + n * ty + tx] = sum;
}
