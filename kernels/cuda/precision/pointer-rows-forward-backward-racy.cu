//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the backward pass steps by 63, not 64.  With h = 2, thread 1
// ends the forward pass at p = img + 65 (after `p -= 64`) and its second
// backward iteration writes img[65 - 63] = img[2], the cell of row 0 that
// thread 2 writes in its forward pass, with no barrier between them.
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
    p -= 63;
  }
}
