//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[128]
// Racy: the twin of mirrored-rows-drf.cu without the early return of the
// threads with x == 0 and y > 128.  Thread (x, y, b) = (0, 1, 0) writes
// column 32 of row 1 (its own row), and thread (0, 255, 0) writes column 32
// of row mirror(255) = 256 - 255 = 1: two writes of one cell by different
// threads of different blocks, with no barrier that could order them.
__device__ unsigned mirror(unsigned a, unsigned n) { return a ? n - a : a; }

__global__ void mirrored_rows(float *dst, const float *src, unsigned W, unsigned H)
{
  __requires(W == 64);
  __requires(H == 256);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = i % (W / 2);
  i /= W / 2;
  unsigned y = i % H;
  i /= H;
  if (i >= 2) return;
  unsigned batch = i * H * (W + 8);
  dst[batch + y * (W + 8) + x] = src[x];
  dst[batch + mirror(y, H) * (W + 8) + (W - x)] = src[x + 1];
  if (x == 0) {
    dst[batch + y * (W + 8) + W / 2] = src[0];
    dst[batch + mirror(y, H) * (W + 8) + W / 2] = src[1];
  }
}
