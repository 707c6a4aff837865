//pass
// Race-free, with the launch taken from the host code (no header flags).
// The host keeps the sizes in ordinary locals, initialised once and never
// changed (`int cols = 512;`), and computes the grid from them, from a
// `dim3`'s component (`block.x`) and with `ceil` on floats, as PolyBench
// and many samples do.  The launch is then gridDim = [32, 64], blockDim =
// [16, 8], cols = 512: thread (x, y) of block (bx, by) writes
// img[(by*8 + y) * 512 + bx*16 + x], a distinct cell for every thread of
// the grid (bx*16 + x < 512 covers each column once).  If cols or the grid
// were symbolic, cols = 0 would make every row the same: the kernel is
// race-free only for the launch the program makes.
#include <cuda_runtime.h>

__global__ void scale(float *img, int cols)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  img[y * cols + x] *= 0.5f;
}

int main()
{
  int rows = 512, cols = 512;
  float *d;
  cudaMalloc(&d, rows * cols * sizeof(float));
  dim3 block(16, 8);
  dim3 grid((unsigned)ceil(cols / (float)block.x), rows / block.y);
  scale<<<grid, block>>>(d, cols);
  cudaDeviceSynchronize();
  return 0;
}
