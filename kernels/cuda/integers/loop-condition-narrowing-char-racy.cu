//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the first loop of loop-condition-narrowing-cast-racy.cu alone (so
// that its race is not the kernel's only one through the other loop).
// `(unsigned char)i` is 0 and then 1 at i = 256, 257, so the loop runs
// twice and every thread writes a[0] = threadIdx.x (threads 0 and 1,
// unordered).  Comparing the counter itself (256 < 2: false) finds no
// iteration and answers DRF.
__global__ void k(int *a)
{
  for (int i = 256; (unsigned char)i < 2; i++) {
    a[0] = threadIdx.x;
  }
}
