//pass
//--blockDim=64 --gridDim=2
// Race-free: the warp tail of a reduction as a loop, run by warp 0 (threads
// 0..31, whole warp; warp 1 reaches none of its __syncwarp() calls).  In
// each step thread t reads s[t] and s[t + off] into v, __syncwarp(),
// writes s[t], __syncwarp(): a read of s[c] by thread c - off and the write
// of s[c] by thread c are always separated by a __syncwarp of warp 0, in
// the same iteration or the next.  s[32..63] is written by warp 1 before
// __syncthreads() and only read afterwards (off = 16 reads s[32..47]).
// Shared memory is per block; in and out are indexed by block.
__global__ void reduce(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    int v = s[t] + s[t + 32];
    __syncwarp();
    s[t] = v;
    __syncwarp();
    for (int off = 16; off > 0; off >>= 1) {
      v = s[t] + s[t + off];
      __syncwarp();
      s[t] = v;
      __syncwarp();
    }
    if (t == 0) out[blockIdx.x] = s[0];
  }
}
