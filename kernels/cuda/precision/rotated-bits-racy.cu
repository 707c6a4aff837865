//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,4] --gridDim=[1]
// Racy: as rotated-bits-drf.cu, but the bit rotated out is dropped:
// ((r << 1) & 31) maps r and r + 16 to the same value, so threads 0 and 16
// both write s[0] before the barrier.
__global__ void k(int *out)
{
  __shared__ int s[128];
  int x = threadIdx.y * 32 + threadIdx.x;
  int p = (x & 0xFFFFFFE0) | ((x << 1) & 0x1F);
  s[p] = x;
  __syncthreads();
  out[x] = s[x];
}
