//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: for even t the conditional lvalue is a[0], so threads 0 and 2 both
// write a[0] (values 0 and 2), unordered.
__global__ void k(int *a)
{
  ((threadIdx.x & 1) ? a[1] : a[0]) = threadIdx.x;
}
