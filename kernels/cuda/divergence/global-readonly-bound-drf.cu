//pass
//--blockDim=64 --gridDim=16
// Race-free: the number of rounds comes from a global array the kernel
// never writes, at an index that is the same for all threads of a block
// (blockIdx.x), so every thread of a block runs the same rounds of the loop
// with barriers.  Each round, a thread writes its own cell of `s` and,
// after the barrier, reads its neighbour's; the second barrier orders the
// reads before the next round's writes.
__global__ void rounds(float *x, const int *rounds_of_block)
{
  __shared__ float s[64];
  int r = rounds_of_block[blockIdx.x];
  int i = blockIdx.x * 64 + threadIdx.x;
  for (int k = 0; k < r; k++) {
    s[threadIdx.x] = x[i];
    __syncthreads();
    x[i] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
  }
}
