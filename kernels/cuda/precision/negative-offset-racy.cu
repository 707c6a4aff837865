//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[8]
// Racy: thread i writes a[offset + i] and a[offset + i - 1]: thread i + 1's
// second write is thread i's first, a[offset + i], for every offset,
// negative or not.
__global__ void k(float *a, int offset)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[offset + i] = 1.0f;
  a[offset + i - 1] = 2.0f;
}
