//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Racy: the block-strided while loop steps by 64 while the block has 128
// threads, so thread 0 (w = 0, 64) and thread 64 (w = 64) both write
// s[64] in one barrier interval.
__global__ void load(const float *g)
{
  __shared__ float s[256];
  int w = threadIdx.x;
  while (w < 256) {
    s[w] = g[w];
    w += 64;
  }
}
