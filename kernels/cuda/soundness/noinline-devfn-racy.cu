//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the __noinline__ function writes p[0] = a[0] in every thread: threads
// 0 and 1 write 0 and 1, unordered.
__noinline__ __device__ void put(int *p, int v) { p[0] = v; }

__global__ void k(int *a)
{
  put(a, threadIdx.x);
}
