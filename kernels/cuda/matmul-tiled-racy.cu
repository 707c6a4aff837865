//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// Tiled matrix multiply without the second barrier: the loads of tile t+1
// overwrite As/Bs while slower threads still read tile t (the
// inter-iteration race of Listing 2.1).
#define TILE 16
__global__ void matmul(const float *A, const float *B, float *C, int n)
{
  __requires(n == 128);
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < n / TILE; t++) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += As[ty][k] * Bs[k][tx];
  }
  C[row * n + col] = acc;
}
