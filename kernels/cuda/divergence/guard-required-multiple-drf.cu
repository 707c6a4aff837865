//pass
//--blockDim=128
// Race-free under its requirement: n = 128 * blocks (__requires), a
// multiple of the block size, so `id < n` is true for every thread of a
// block or for none (block b covers ids 128 * b .. 128 * b + 127, all below
// n or all at least n).  The barrier inside the guard is not divergent.
// Each thread writes its own cell of `s` before the barrier and reads its
// right neighbour's (within the block) after it.
__global__ void shift(const int *in, int *out, unsigned int n, unsigned int blocks)
{
  __requires(n == 128 * blocks);
  __shared__ int s[128];
  unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < n) {
    s[threadIdx.x] = in[id];
    __syncthreads();
    out[id] = s[(threadIdx.x + 1) % 128];
  }
}
