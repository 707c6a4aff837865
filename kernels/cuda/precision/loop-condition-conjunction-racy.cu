//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,4] --gridDim=[4,8]
// Racy: as loop-condition-conjunction-drf.cu, but the first test is
// `y <= last + 4`: each block also runs the first row of the next
// tile, so block (0, 0)'s thread (0, 0) (y = 48 after 12 steps) and block
// (0, 1)'s thread (0, 0) (y = 48 first) both write out[48 * 64], storing
// their different blockIdx.y (with height = 100).
__global__ void rows(float *out, int height)
{
  const int first = blockIdx.y * 48;
  const int last = first + 48 - 1;
  for (int y = first + threadIdx.y; y <= last + 4 && y < height; y += blockDim.y)
    out[y * 64 + blockIdx.x * 16 + threadIdx.x] = (float)blockIdx.y;
}
