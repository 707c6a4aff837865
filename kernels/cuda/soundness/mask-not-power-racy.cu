//xfail:NOT_ALL_VERIFIED
//--blockDim=[6] --gridDim=[1]
// Racy: 6 is not a power of two, so t & (6 - 1) = t & 5 is not t % 6:
// threads 0 and 2 both write a[0] (and 1 and 3 a[1]), with their own
// indices.  (t % 6 would be six distinct cells.)
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  a[t & (6 - 1)] = t;
}
