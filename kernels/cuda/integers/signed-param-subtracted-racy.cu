//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[16]
// Racy: rows are 1023 cells apart but there are 1024 columns, so with
// r = 1024 (rows 0 .. 1023) thread 1023 writes row 0's cell 1023, which
// thread 0 writes as row 1's cell 1 * 1023 + 0, each storing its own x.
__global__ void right_edge(float *out, int h, int r)
{
  __requires(h == 1024);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  float *column = &out[x];
  for (int y = h - r; y < h; y++)
    column[y * 1023] = x;
}
