//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: g is a __device__ global; threads 0 and 1 write g = 0 and g = 1,
// unordered.
__device__ int g;

__global__ void k(int *out)
{
  g = threadIdx.x;
}
