//pass
//--blockDim=[256] --gridDim=[8]
// Race-free: `a` may point into the middle of a buffer and `offset` may be
// negative, so indices offset + i and offset + i - 2048 may be below zero;
// C indices are integers, so thread i writes exactly the cells offset + i
// and offset + i - 2048, and i ranges over 0..2047: all 4096 cells differ.
// (With indices over ℕ cut at 0, every negative index would be 0 and
// threads would seem to meet there.)
__global__ void k(float *a, int offset)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[offset + i] = 1.0f;
  a[offset + i - 2048] = 2.0f;
}
