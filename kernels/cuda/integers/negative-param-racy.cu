//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy for every negative n (a scalar parameter is arbitrary, as in GPUVerify):
// with n = -1 all threads take the first branch and write a[0]; threads 0 and
// 1 write 0 and 1, unordered.
__global__ void k(int *a, int n)
{
  if (n < 0) a[0] = threadIdx.x;
  else a[threadIdx.x] = n;
}
