//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1 --warp-sync=32
// Racy even under warp-synchronous execution: the tail runs on threads
// 0..63, two warps.  Thread 32 (warp 1) writes s[32] in the first
// statement while thread 0 (warp 0) reads s[0 + 32] in it; lock-step orders
// the threads of one warp only, and no barrier separates the two warps.
__global__ void reduce(int *in, int *out)
{
  __shared__ volatile int s[256];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned int k = 128; k > 64; k >>= 1) {
    if (t < k) s[t] = s[t] + s[t + k];
    __syncthreads();
  }
  if (t < 64) {
    s[t] = s[t] + s[t + 64];
    s[t] = s[t] + s[t + 32];
    s[t] = s[t] + s[t + 16];
  }
  if (t == 0) out[0] = s[0];
}
