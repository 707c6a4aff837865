//xfail:NOT_ALL_VERIFIED
//--blockDim=[8] --gridDim=[1]
// Racy: t | 1 is t + 1 for an even t and t for an odd one, so threads 0
// and 1 both write a[1] (t has no low bit known to be 0).
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  a[t | 1] = t;
}
