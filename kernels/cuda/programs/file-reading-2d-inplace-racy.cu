//xfail:NOT_ALL_VERIFIED
// The blur of file-reading-2d-drf.cu done in place: thread (x, y) writes
// img[y * W + x] while thread (x + 1, y) reads it as its left neighbour,
// unordered.
#include <cuda.h>
#include <cstdio>

#define W 512
#define H 512
#define TILE 16

__global__ void blur_rows(float *img)
{
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  float left = x > 0 ? img[y * W + x - 1] : 0.0f;
  img[y * W + x] = (left + img[y * W + x]) / 2.0f;
}

int main(void)
{
  float *img;
  cudaMalloc(&img, W * H * sizeof(float));
  dim3 block(TILE, TILE);
  dim3 grid(W / TILE, H / TILE);
  blur_rows<<<grid, block>>>(img);
  return 0;
}
