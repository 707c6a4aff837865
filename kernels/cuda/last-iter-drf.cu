//pass
//--blockDim=256
// Test 3 of Claim 1 (seeds/000, Fig. 15, last-iter), DRF version: the
// last thread does not write past the block, and the write after the loop
// goes to a disjoint region (tid + blockDim.x).
__global__ void last_iter(int n)
{
  extern __shared__ int s[];
  for (int x = 0; x < n; x++) {
    __syncthreads();
    if (threadIdx.x < blockDim.x - 1)
      s[threadIdx.x + 1] = x;
    s[threadIdx.x + blockDim.x] = x;
  }
}
