//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1 --warp-sync=32
// Racy even under warp-synchronous execution: __syncwarp orders the
// threads of one warp only.  Thread 31 (warp 0) reads s[32], which thread
// 32 (warp 1) writes before its __syncwarp: no barrier of the block
// separates the write from the read.
__global__ void neighbours(const int *in, int *out)
{
  __shared__ int s[65];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncwarp();
  out[t] = s[t + 1];
}
