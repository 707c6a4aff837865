//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: f(a, t) calls put, which writes p[0] = a[0]; threads 0 and 1 write
// a[0] with 0 and 1, unordered.
__device__ void put(int *p, int v) { p[0] = v; }

__global__ void k(int *a)
{
  void (*f)(int *, int) = put;
  f(a, threadIdx.x);
}
