//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: n::threadIdx is the user's own variable, whose x is 0 in every
// thread, not CUDA's thread index: every thread writes a[0] (threads 0 and
// 1 write 0 and 1), unordered.
namespace n {
struct Index {
  unsigned x;
};
__device__ Index threadIdx = {0};
}

__global__ void k(int *a)
{
  a[n::threadIdx.x] = ::threadIdx.x;
}
