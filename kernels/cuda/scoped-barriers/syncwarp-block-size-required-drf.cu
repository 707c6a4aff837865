//pass
//--gridDim=1
// Race-free: the block's size is not fixed, but the kernel requires it to
// be a multiple of 32 (and at most 1024, as CUDA's blocks are), so every
// warp is whole.  Thread t writes s[t], the warp barrier orders the writes
// of its warp before the reads, and thread t reads s[t ^ 1], written by
// the other thread of its pair, which is in the same warp (t and t ^ 1
// differ in bit 0 only).
__global__ void pairs(int *out)
{
  __requires(blockDim.x % 32 == 0);
  __shared__ int s[1024];
  unsigned int t = threadIdx.x;
  s[t] = t;
  __syncwarp();
  out[t] = s[t ^ 1];
}
