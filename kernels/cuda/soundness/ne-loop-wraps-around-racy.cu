//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `i != 0` stops only when i lands on 0, and i starts above it, so i
// counts up to 255 and wraps around to 0 (unsigned char).  Thread 0 writes
// a[1..255] and thread 1 writes a[2..255]: both write a[2], unordered.
// Reading `!=` as `<` gives the empty loop t + 1 .. 0 and answers DRF.
__global__ void k(int *a)
{
  for (unsigned char i = threadIdx.x + 1; i != 0; i++) {
    a[i] = threadIdx.x;
  }
}
