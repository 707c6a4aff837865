//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread x walks its own column x of a 64-wide image, down
// with `p += 64` at the end of each iteration and back up from the last
// row with a signed counter, so every cell it touches is x + 64y.
// Columns of different threads are disjoint (x < 64).
__global__ void two_pass(float *img, int h)
{
  unsigned int x = threadIdx.x;
  float *p = img + x;
  for (int y = 0; y < h; y++) {
    *p = x;
    p += 64;
  }
  p -= 64;
  for (int y = h - 1; y >= 0; y--) {
    *p += 1.0f;
    p -= 64;
  }
}
