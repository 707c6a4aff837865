//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: i = threadIdx.x - 2 is unsigned; for t = 0 and t = 1 it wraps to
// 2^32 - 2 and 2^32 - 1, both > 100, so threads 0 and 1 both write a[64]
// (values 0 and 1), unordered.  Threads 2..63 write a[t - 2], distinct.
__global__ void k(int *a)
{
  unsigned i = threadIdx.x - 2;
  if (i > 100) a[64] = threadIdx.x;
  else a[i] = threadIdx.x;
}
