//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Test 2 of Claim 1 (seeds/000, Fig. 15, first-iter), racy version:
// wr[tid+1] before the loop races with wr[tid] in the first iteration
// (the DRF version skips the write when x == 0).
__global__ void first_iter(int *A, int n)
{
  __shared__ int s[257];
  s[threadIdx.x + 1] = 0;
  for (int x = 0; x < n; x++) {
    s[threadIdx.x] = x;
    __syncthreads();
  }
}
