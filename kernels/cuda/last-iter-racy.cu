//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Test 3 of Claim 1 (seeds/000, Fig. 15, last-iter), racy version:
// wr[tid+1] of the last iteration races with wr[tid] after the loop.
__global__ void last_iter(int n)
{
  extern __shared__ int s[];
  for (int x = 0; x < n; x++) {
    __syncthreads();
    s[threadIdx.x + 1] = x;
  }
  s[threadIdx.x] = 0;
}
