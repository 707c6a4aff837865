//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: n == 4294967295u converts n to unsigned, so it holds for n = -1,
// and then every thread writes a[0].
__global__ void k(int *a, int n)
{
  __requires(n == 4294967295u);
  if (n < 0) a[0] = threadIdx.x;
}
