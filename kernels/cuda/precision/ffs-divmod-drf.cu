//pass
//--blockDim=[256] --gridDim=[64]
// Race-free: with d == 512 (a power of two), x = i & (d - 1) and
// y = i >> (__ffs(d) - 1) = i / 512 are the remainder and quotient of the
// global index i, so y * 512 + x == i: one cell per thread of the grid.
__global__ void split_index(float *out, unsigned int d)
{
  __requires(d == 512);
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int x = i & (d - 1);
  unsigned int y = i >> (__ffs(d) - 1);
  out[y * 512 + x] = i;
}
