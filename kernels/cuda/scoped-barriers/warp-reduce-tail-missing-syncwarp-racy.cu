//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: warp-reduce-tail-drf.cu with one __syncwarp() missing, the one
// after the write of the k = 8 step.  Thread 4 writes s[4] (s[4] = v, step
// 8) and thread 0 then reads s[0 + 4] (step 4) with no barrier between the
// two statements: both are in warp 0, but under independent thread
// scheduling nothing but a __syncwarp orders two lanes of a warp, so the
// read may see the value before or after the write.
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
