//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: i = t >> 1, so threads 0 and 1 both write a[0] (values 0 and 1).
__global__ void k(int *a)
{
  int i = threadIdx.x;
  i >>= 1;
  a[i] = threadIdx.x;
}
