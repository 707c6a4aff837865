//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// Racy: warp-loop-reduce-drf.cu without the __syncwarp() between the read
// and the write of a step.  In the first iteration (off = 16) thread 0
// reads s[0 + 16] while thread 16 writes s[16] (s[t] = v) in the same
// statement sequence with no barrier between: both are in warp 0, and under
// independent thread scheduling only a __syncwarp orders them.
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
      s[t] = v;
      __syncwarp();
    }
    if (t == 0) out[blockIdx.x] = s[0];
  }
}
