//xfail:NOT_ALL_VERIFIED
//--blockDim=48 --gridDim=1
// Barrier divergence (undefined behaviour): a block of 48 threads has a
// second warp of 16 threads (32..47, lanes 0..15).  Every thread calls
// __syncwarp() with the full mask, which in warp 1 names lanes 16..31,
// threads the block does not have; NVIDIA's guidelines call a mask naming
// inactive threads undefined.  The data of warp 1 is ordered by that
// barrier only: thread 33 writes s[33] and thread 32 reads s[32 ^ 1] =
// s[33] after it.  (Warp 0 is a full warp and fine on its own.)
__global__ void pairs(const int *in, int *out)
{
  __shared__ int s[48];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncwarp();
  out[t] = s[t ^ 1];
}
