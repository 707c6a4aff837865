//pass
// A whole program that reads an image from a file and blurs its rows with
// a 2-D launch (dim3 variables, #defined tile size).  Race-free: thread
// (x, y) writes out[y * W + x] only; it reads its neighbours from in, a
// different array.
#include <cuda.h>
#include <cstdio>
#include <cstdlib>

#define W 512
#define H 512
#define TILE 16

__global__ void blur_rows(const float *in, float *out)
{
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  float left = x > 0 ? in[y * W + x - 1] : 0.0f;
  float right = x < W - 1 ? in[y * W + x + 1] : 0.0f;
  out[y * W + x] = (left + in[y * W + x] + right) / 3.0f;
}

int main(int argc, char **argv)
{
  FILE *f = fopen(argc > 1 ? argv[1] : "image.raw", "rb");
  if (!f) return 1;
  float *host = (float *)malloc(W * H * sizeof(float));
  fread(host, sizeof(float), W * H, f);
  fclose(f);
  float *in, *out;
  cudaMalloc(&in, W * H * sizeof(float));
  cudaMalloc(&out, W * H * sizeof(float));
  cudaMemcpy(in, host, W * H * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE);
  dim3 grid(W / TILE, H / TILE);
  blur_rows<<<grid, block>>>(in, out);
  cudaMemcpy(host, out, W * H * sizeof(float), cudaMemcpyDeviceToHost);
  free(host);
  return 0;
}
