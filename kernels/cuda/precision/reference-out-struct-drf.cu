//pass
//--blockDim=[64] --gridDim=[2]
// Race-free: `locate` fills the thread's own struct through a reference
// with the thread's global index, and the kernel writes out[c.i]: one
// cell per thread of the grid (blocks of 64 threads, cells 64b + t).
struct Cell { int i; int j; };

__device__ void locate(Cell &c)
{
  c.i = blockIdx.x * blockDim.x + threadIdx.x;
  c.j = 0;
}

__global__ void fill(float *out)
{
  Cell c;
  locate(c);
  out[c.i + c.j] = 1.0f;
}
