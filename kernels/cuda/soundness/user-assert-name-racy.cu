//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: __assert_store is the user's function (its name only starts like
// GPUVerify's __assert annotations), and it writes a[0]: threads 0 and 1
// write 0 and 1 there, unordered.
__device__ void __assert_store(int *a) { a[0] = threadIdx.x; }

__global__ void k(int *a)
{
  __assert_store(a);
}
