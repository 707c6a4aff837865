//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy for n = -1: the comparison is unsigned (0u), true for every n.
__global__ void k(int *a, int n)
{
  __requires(n >= 0u);
  if (n < 0) a[0] = threadIdx.x;
}
