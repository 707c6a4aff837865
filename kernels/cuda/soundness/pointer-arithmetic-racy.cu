//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: *(a + t / 2) is a[0] for threads 0 and 1, written with 0 and 1.
__global__ void k(int *a)
{
  *(a + threadIdx.x / 2) = threadIdx.x;
}
