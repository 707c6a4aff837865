//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy (write after read): block-then-warp-drf.cu with the second
// __syncthreads() weakened to __syncwarp().  Thread 32 (warp 1) reads s[0]
// in phase 2 (s[(32 + 32) % 64]); thread 0 (warp 0) overwrites s[0] in
// phase 3 (s[t] = a).  Between the read and the write there is only a
// __syncwarp(), which does not order two threads of different warps: thread
// 32 may read the new value.
__global__ void swap(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int a = s[(t + 32) % 64];
  __syncwarp();
  s[t] = a;
  __syncwarp();
  out[t] = s[t ^ 1];
}
