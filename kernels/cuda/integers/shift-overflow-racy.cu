//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: (t << 31) is computed modulo 2^32 (unsigned), so (t << 31) >> 31 is
// t & 1.  Threads 0 and 2 both write a[0] (values 0 and 2), unordered.
__global__ void k(int *a)
{
  a[(threadIdx.x << 31) >> 31] = threadIdx.x;
}
