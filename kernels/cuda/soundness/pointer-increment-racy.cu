//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: *p++ writes a[t], then *p writes a[t + 1]; thread 0 writes a[1] = 0
// and thread 1 writes a[1] = 1, unordered.
__global__ void k(int *a)
{
  int *p = a + threadIdx.x;
  *p++ = 1;
  *p = threadIdx.x;
}
