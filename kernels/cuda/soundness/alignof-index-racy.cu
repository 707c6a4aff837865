//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: alignof(double) / 4 = 2, so the index is t / 2; threads 0 and 1 both
// write a[0], unordered.
__global__ void k(int *a)
{
  a[threadIdx.x / (alignof(double) / 4)] = threadIdx.x;
}
