//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[2]
// Racy across blocks: a barrier orders nothing between blocks, so block 0
// may be several iterations ahead of block 1.  Block 0's thread 0 writes
// g[half] and block 1's thread 0 reads g[half + 1], `half` doubling in each
// iteration: with width = 1 and rounds = 2, block 0 writes g[2] in its
// second iteration while block 1 reads g[1 + 1] in its first.  (Within one
// block only thread 0 touches `g`.)  One value of `half` shared by the two
// threads would hide the race (g[h] and g[h + 1] never meet).
__global__ void carried_blocks(int *g, int *out, int width, int rounds)
{
  int half = width;
  for (int it = 0; it < rounds; it++) {
    if (threadIdx.x == 0 && blockIdx.x == 0)
      g[half] = it;
    if (threadIdx.x == 0 && blockIdx.x == 1)
      out[it] = g[half + 1];
    __syncthreads();
    half = 2 * half;
  }
}
