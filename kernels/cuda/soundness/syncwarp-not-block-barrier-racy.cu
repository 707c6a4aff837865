//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: __syncwarp() only synchronises a warp.  Thread 32 (warp 1) writes
// s[32]; thread 0 (warp 0) reads s[(0 + 32) % 64] = s[32]; unordered.
__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[(threadIdx.x + 32) % 64];
}
