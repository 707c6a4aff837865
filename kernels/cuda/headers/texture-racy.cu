//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// Reads a 2-D texture (which cannot race) but writes the result of the
// whole row to `out[y]`: the threads of a block that share `threadIdx.y`
// (16 of them) write the same cell.
#include <cuda_runtime.h>

texture<float, 2> image;

__global__ void row_value(float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y] = tex2D(image, x + 0.5f, y + 0.5f);
}
