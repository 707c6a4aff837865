//pass
// A 2D grid of width / 16 by height / 16 blocks of 16 x 16, launched only
// when both sizes are multiples of 16: x < width and y < height in every
// thread, so each thread writes its own cell of the row-major image; the
// extra threads of a rounded-up grid would write out[y * width + width],
// the next row's first cell.
#include <stdlib.h>

__global__ void clear(float *out, int width, int height)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= width && y < height)
    out[y * width + x] = x;
}

int main(int argc, char **argv)
{
  int width = atoi(argv[1]), height = atoi(argv[2]);
  if (width % 16 != 0 || height % 16 != 0)
    return 1;
  float *d;
  cudaMalloc(&d, (width + 1) * height * sizeof(float));
  dim3 block(16, 16);
  dim3 grid(width / block.x, height / block.y);
  clear<<<grid, block>>>(d, width, height);
  return 0;
}
