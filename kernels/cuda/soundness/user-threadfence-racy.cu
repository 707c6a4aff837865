//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: my::__threadfence is the user's function, which writes a[0]: every
// thread writes its own id there (threads 0 and 1 write 0 and 1),
// unordered.  Only CUDA's fences are known to touch no memory.
namespace my {
__device__ void __threadfence(int *a) { a[0] = threadIdx.x; }
}

__global__ void k(int *a)
{
  my::__threadfence(a);
}
