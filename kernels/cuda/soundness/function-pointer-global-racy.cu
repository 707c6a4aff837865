//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: f points to put, which writes the __device__ array g at g[0] (no
// pointer argument is passed).  Threads 0 and 1 write g[0] = 0 and g[0] = 1,
// unordered.
__device__ int g[64];
__device__ void put(int v) { g[0] = v; }

__global__ void k(int *out)
{
  void (*f)(int) = put;
  f(threadIdx.x);
}
