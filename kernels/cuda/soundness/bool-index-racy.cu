//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: t > 5 is 0 for t = 0..5; threads 0 and 1 both write a[0].
__global__ void k(int *a)
{
  a[threadIdx.x > 5] = threadIdx.x;
}
