//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[32,32] --param n=512
// Naive transpose, in place and without the upper-triangle test: thread
// (x, y) writes a[x * n + y] which thread (y, x) reads.
__global__ void transposeInPlace(float *a, int n)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    a[x * n + y] = a[y * n + x];
}
