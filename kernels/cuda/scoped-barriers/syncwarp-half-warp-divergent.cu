//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Barrier divergence: __syncwarp() (full mask) under t % 32 < 16 is
// reached by lanes 0..15 of each warp only.  The mask names lanes 16..31,
// which do not call any __syncwarp and have not exited: they wait at the
// __syncthreads() below, which they cannot pass before lanes 0..15 do.
// CUDA leaves this undefined ("all non-exited threads named in mask must
// execute a corresponding __syncwarp() with the same mask").  The accesses
// that barrier is meant to order (thread t ^ 1 writes s[t ^ 1], thread t
// reads it, both in lanes 0..15) are ordered by nothing else.
__global__ void half(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  if (t % 32 < 16) {
    __syncwarp();
    out[t] = s[t ^ 1];
  }
  __syncthreads();
}
