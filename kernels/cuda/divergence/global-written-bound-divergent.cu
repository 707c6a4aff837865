//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
// Barrier divergence (and a race on `rounds_of_block`): the twin of
// global-readonly-bound-drf.cu where thread 0 of each block decrements its
// block's round count right after reading it.  A thread that reads after
// the decrement runs one round fewer than thread 0 and skips barriers that
// thread 0 waits at.
__global__ void rounds(float *x, int *rounds_of_block)
{
  __shared__ float s[64];
  int r = rounds_of_block[blockIdx.x];
  if (threadIdx.x == 0)
    rounds_of_block[blockIdx.x] = r - 1;
  int i = blockIdx.x * 64 + threadIdx.x;
  for (int k = 0; k < r; k++) {
    s[threadIdx.x] = x[i];
    __syncthreads();
    x[i] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
  }
}
