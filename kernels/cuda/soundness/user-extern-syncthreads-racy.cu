//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: my::__syncthreads is declared by the user, in a namespace of its
// own, and defined elsewhere: it is not CUDA's barrier (it may do
// nothing).  Thread 1 writes s[1] while thread 0 reads s[1], unordered.
// Only a redeclaration of the library's own function (same name in the
// same scope, same parameters) is that function.
namespace my {
__device__ void __syncthreads();
}

__global__ void k(int *a)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  my::__syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
