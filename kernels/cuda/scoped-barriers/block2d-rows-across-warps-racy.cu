//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,4] --gridDim=2
// Racy: block2d-row-pair-same-warp-drf.cu with the exchange going to the
// next row, s[(y + 1) % 4][x], instead of s[y ^ 1][x].  Thread (0, 1)
// (linear id 16, warp 0) reads s[2][0] in phase 2; thread (0, 2) (linear
// id 32, warp 1) writes s[2][0] in phases 1 and 3.  The only barriers are
// __syncwarp(), which order the threads of one warp, so nothing orders
// these two.  (Rows 0 -> 1 and 2 -> 3 stay in one warp and are ordered.)
__global__ void rows(const int *in, int *out)
{
  __shared__ int s[4][16];
  unsigned int x = threadIdx.x, y = threadIdx.y;
  unsigned int g = blockIdx.x * 64 + x + 16 * y;
  s[y][x] = in[g];
  __syncwarp();
  int v = s[(y + 1) % 4][x];
  __syncwarp(0xffffffff);
  s[y][x] = v;
  __syncwarp();
  out[g] = s[y][15 - x];
}
