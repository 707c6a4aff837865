//xfail:NOT_ALL_VERIFIED
// A grid-wide starting index with a block-sized step: thread 0 of block 1
// starts at i = blockDim.x, which thread 0 of block 0 reaches in its
// second iteration (when n > blockDim.x).  Race-free within a block, racy
// across blocks: the stride split must not hide this (its remainder
// blockIdx.x * blockDim.x + threadIdx.x is not below the stride).
__global__ void scale(float *a, int n)
{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    a[i] = 2.0f * a[i];
}
