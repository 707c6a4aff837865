//pass
//--blockDim=256
// Test 4 of Claim 1 (seeds/000, Fig. 15, last-iter-first-iter), DRF: a
// barrier separates the two inner loops.
__global__ void lifi(int n)
{
  extern __shared__ int s[];
  for (int x = 1; x < n + 1; x++) {
    for (int y = 1; y < x + 1; y++) {
      __syncthreads();
      s[threadIdx.x + x + y] = 0;
    }
    __syncthreads();
    for (int z = n * 2; z < n * 3; z++) {
      s[threadIdx.x + z + 1] = 1;
      __syncthreads();
    }
  }
}
