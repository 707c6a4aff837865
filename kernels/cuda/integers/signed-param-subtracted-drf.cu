//pass
//--blockDim=[64] --gridDim=[16]
// Race-free for every int r: thread x (0 <= x < 1024, 16 blocks of 64)
// writes column x of rows h - r .. h - 1, cells y * 1024 + x, and two
// threads have different columns (each stores its own x).  r is a C int (|r| < 2^31), so
// (h - r) * 1024 stays far from the index offset the protocol uses for
// negative indices; an unbounded r would make two indices collapse to 0.
__global__ void right_edge(float *out, int h, int r)
{
  __requires(h == 1024);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  float *column = &out[x];
  for (int y = h - r; y < h; y++)
    column[y * 1024] = x;
}
