//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: sizeof(double) / 4 = 2, so the index is t / 2; threads 0 and 1 both
// write a[0] (values 0 and 1), unordered.
__global__ void k(int *a)
{
  a[threadIdx.x / (sizeof(double) / 4)] = threadIdx.x;
}
