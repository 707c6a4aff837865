//pass
//--blockDim=64 --gridDim=1
// Race-free under independent thread scheduling (no --warp-sync).  The
// tail of a shared-memory reduction run by warp 0 (threads 0..31, all of
// it: the __syncwarp() calls are reached by the whole warp and by no
// thread of warp 1, which is legal).  Every step is split in two phases:
// thread t reads s[t] and s[t + k] into the register v, __syncwarp(), then
// writes s[t], __syncwarp().  So a read of s[c] (by thread c - k) and the
// write of s[c] by thread c are always separated by a __syncwarp of warp 0,
// which both threads reach.  Warp 1 (threads 32..63) writes s[32..63] once,
// before __syncthreads(); warp 0 only reads those cells after it.  out[0]
// is written by thread 0 only.
__global__ void reduce(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    int v;
    v = s[t] + s[t + 32];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    v = s[t] + s[t + 16];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    v = s[t] + s[t + 8];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    v = s[t] + s[t + 4];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    v = s[t] + s[t + 2];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    v = s[t] + s[t + 1];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    if (t == 0) out[0] = s[0];
  }
}
