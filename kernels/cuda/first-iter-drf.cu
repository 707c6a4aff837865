//pass
//--blockDim=256
// Test 2 of Claim 1 (seeds/000, Fig. 15, first-iter), DRF version: the
// write in the loop is skipped in the first iteration.
__global__ void first_iter(int *A, int n)
{
  __shared__ int s[257];
  s[threadIdx.x + 1] = 0;
  for (int x = 0; x < n; x++) {
    __syncthreads();
    if (x > 0)
      s[threadIdx.x] = x;
  }
}
