//xfail:NOT_ALL_VERIFIED
//--gridDim=1
// Racy (or undefined): the twin of syncwarp-block-size-required-drf.cu
// without the requirement.  With a block of 34 threads the second warp has
// only lanes 32 and 33: __syncwarp() with the full mask names lanes that
// do not exist, so it does not order thread 32's write of s[32] before
// thread 33's read of s[33 ^ 1] = s[32].  mapcheck's witness is such a
// block (a size that is not a multiple of 32).
__global__ void pairs(int *out)
{
  __shared__ int s[1024];
  unsigned int t = threadIdx.x;
  s[t] = t;
  __syncwarp();
  out[t] = s[t ^ 1];
}
