//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: every lane of the warp calls __syncwarp(0x0000ffff), which names
// lanes 0..15 only.  For lanes 16..31 the call is undefined (CUDA requires
// each calling thread's own bit in the mask), and in any case the barrier
// of lanes 0..15 orders nothing with lane 16: lane 16 writes s[16] before
// it, lane 0 reads s[(0 + 16) % 32] = s[16] after it, unordered.  A
// checker that read any mask as the full warp's would call this DRF.
__global__ void rotate(int *out)
{
  __shared__ int s[32];
  unsigned int t = threadIdx.x;
  s[t] = t;
  __syncwarp(0x0000ffff);
  out[t] = s[(t + 16) % 32];
}
