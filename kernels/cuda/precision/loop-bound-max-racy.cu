//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,4] --gridDim=[4,8]
// Racy: as loop-bound-min-drf.cu, but the loop stops at max(tile end,
// height - 1): with height = 200 block by = 0 runs rows 0..199, into the
// tiles of blocks by = 1..4, so block (0, 0)'s thread (0, 0) and block
// (0, 1)'s thread (0, 0) both write out[48 * 64] (row 48), storing
// their different blockIdx.y.
#define max(a, b) ((a) > (b) ? (a) : (b))

__global__ void rows(float *out, int height)
{
  const int first = blockIdx.y * 48;
  const int last = max(first + 48 - 1, height - 1);
  for (int y = first + threadIdx.y; y <= last; y += blockDim.y)
    out[y * 64 + blockIdx.x * 16 + threadIdx.x] = (float)blockIdx.y;
}
