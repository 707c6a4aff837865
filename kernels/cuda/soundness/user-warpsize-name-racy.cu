//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: n::warpSize is the user's own variable, 0 here, not CUDA's warp
// size 32: every thread writes a[t * 0] = a[0] (threads 0 and 1 write 0 and
// 1), unordered.
namespace n {
__device__ int warpSize = 0;
}

__global__ void k(int *a)
{
  a[threadIdx.x * n::warpSize] = threadIdx.x;
}
