//xfail:NOT_ALL_VERIFIED
//--blockDim=[8] --gridDim=[1]
// Racy: the mask is 8 - 2 = 6, not 8 - 1: t & 6 is 0 for threads 0 and 1,
// which both write a[0] with their own indices.  (t % 8 would be distinct
// cells: only p - 1 is the low mask of a power p.)
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  a[t & (8 - 2)] = t;
}
