//--blockDim=[64] --gridDim=[1]
// expect: known-unknown
// expected: racy (//xfail:NOT_ALL_VERIFIED); mapcheck answers unknown (a barrier in a loop whose condition may differ between threads), never DRF
// Barrier divergence (counts as an error): i starts at threadIdx.x, so thread
// 0 runs two iterations (two barriers), thread 1 one, threads 2..63 none:
// the threads of block 0 do not reach the same barriers.
__global__ void k(int *out)
{
  __shared__ int s[64];
  int i = threadIdx.x;
  while (i < 2) {
    s[threadIdx.x] = i;
    __syncthreads();
    i++;
  }
  out[threadIdx.x] = s[threadIdx.x];
}
