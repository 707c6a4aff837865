//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: big = 2^32 t; (unsigned)big keeps the low 32 bits, which are 0 for
// every t.  Threads 0 and 1 both write a[0] (values 0 and 1), unordered.
__global__ void k(int *a)
{
  unsigned long long big = 0x100000000ULL * threadIdx.x;
  a[(unsigned)big] = threadIdx.x;
}
