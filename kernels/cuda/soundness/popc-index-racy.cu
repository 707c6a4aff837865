//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: __popc(1) = __popc(2) = 1; threads 1 and 2 both write a[1], unordered.
__global__ void k(int *a)
{
  a[__popc(threadIdx.x)] = threadIdx.x;
}
