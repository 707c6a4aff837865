//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: t and t ^ 1 are in the same warp; __syncwarp() orders the
// warp's write s[t ^ 1] before the read (it is a memory barrier for the
// participating threads).
__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
