//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: thread i leaves the loop at iteration i before the
// barrier, so thread 0 reaches no barrier while thread 1 reaches one; the
// block's threads do not meet at the same barriers.
__global__ void k(int *out)
{
  __shared__ int s[64];
  for (int i = 0; i < 4; i++) {
    if (threadIdx.x == i) break;
    s[threadIdx.x] = i;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}
