//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: ps[t & 1] is a for even t, so threads 0 and 2 both write a[0] with
// values 0 and 2; nothing orders them.
__global__ void k(int *a)
{
  int *ps[2] = {a, a + 64};
  ps[threadIdx.x & 1][0] = threadIdx.x;
}
