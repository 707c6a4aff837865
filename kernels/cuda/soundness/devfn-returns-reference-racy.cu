//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: at(a, 0) is a reference to a[0]; every thread assigns through it, so
// threads 0 and 1 write a[0] with 0 and 1, unordered.
__device__ int &at(int *a, int i) { return a[i]; }

__global__ void k(int *a)
{
  at(a, 0) = threadIdx.x;
}
