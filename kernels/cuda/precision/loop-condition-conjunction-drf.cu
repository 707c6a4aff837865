//pass
//--blockDim=[16,4] --gridDim=[4,8]
// Race-free: as loop-bound-min-drf.cu with the clamp written in the loop
// condition, `y <= last && y < height`: block (bx, by) runs rows
// by*48 + ty, by*48 + ty + 4, ... up to its own tile's last row (and
// below the image height), so blocks own disjoint rows, and within a
// block each (row, column) cell has one thread.
__global__ void rows(float *out, int height)
{
  const int first = blockIdx.y * 48;
  const int last = first + 48 - 1;
  for (int y = first + threadIdx.y; y <= last && y < height; y += blockDim.y)
    out[y * 64 + blockIdx.x * 16 + threadIdx.x] = (float)blockIdx.y;
}
