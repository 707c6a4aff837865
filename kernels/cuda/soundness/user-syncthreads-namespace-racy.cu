//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: my::__syncthreads is the user's own function with an empty body,
// not CUDA's barrier.  Thread 1 writes s[1] while thread 0 reads s[1],
// unordered.
namespace my {
__device__ void __syncthreads() {}
}

__global__ void k(int *a)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  my::__syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
