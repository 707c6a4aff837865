//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: rec(a, 2) recurses twice and writes a[0] in every thread; threads 0
// and 1 write 0 and 1, unordered.
__device__ void rec(int *a, int n)
{
  if (n == 0) { a[0] = threadIdx.x; return; }
  rec(a, n - 1);
}

__global__ void k(int *a)
{
  rec(a, 2);
}
