//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: blockDim.x <= n compares as unsigned, so n = -1 (4294967295 as
// unsigned) meets the requirement, and then every thread writes a[0].
__global__ void k(int *a, int n)
{
  __requires(blockDim.x <= n);
  if (n < 0) a[0] = threadIdx.x;
}
