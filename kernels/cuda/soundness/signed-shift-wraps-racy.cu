//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: in C++ (14 to 20) the int 1 << 31 is 2^31 converted to int, that
// is INT_MIN = -2^31, so (1 << 31) / 65536 = -32768 and the first index is
// t.  Thread t writes a[t] and a[(t + 1) % 64]: threads 0 and 1 both
// write a[1] (values 1 and 0), unordered.  (Taken as 2^31, the first index
// would be 65536 + t and the kernel race-free.)
__global__ void k(int *a)
{
  a[(1 << 31) / 65536 + 32768 + threadIdx.x] = threadIdx.x;
  a[(threadIdx.x + 1) % 64] = threadIdx.x;
}
