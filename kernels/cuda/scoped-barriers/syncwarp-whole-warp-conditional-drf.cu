//pass
//--blockDim=64 --gridDim=1
// Race-free: __syncwarp() under t < 32 is reached by all of warp 0 and by
// no thread of warp 1, which is legal (the barrier names the lanes of the
// caller's warp).  Thread 31 - t writes s[31 - t] before it and thread t
// reads it after it, both in warp 0.  Warp 1 writes s[32..63] before the
// __syncthreads() and reads s[t - 32] (written by warp 0 before it) after
// it; nobody writes after that barrier.
__global__ void first_warp(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  if (t < 32) {
    __syncwarp();
    out[t] = s[31 - t];
  }
  __syncthreads();
  if (t >= 32)
    out[t] = s[t - 32];
}
