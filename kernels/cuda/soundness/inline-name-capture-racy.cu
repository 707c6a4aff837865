//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: put's own local t is 0 (not the caller's t = threadIdx.x), so every
// thread writes a[0]: threads 0 and 1 write 0 and 1, unordered.
__device__ void put(int *a, int v)
{
  int t = 0;
  a[t] = v;
}

__global__ void k(int *a)
{
  int t = threadIdx.x;
  put(a, t);
}
