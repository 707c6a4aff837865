//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: unsigned _BitInt(5) (clang's bit-precise integer, accepted in CUDA
// C++ as an extension) keeps the value modulo 2^5 = 32.  Threads 0 and 32
// both get c = 0 (32 mod 32 = 0) and write a[0] with 0 and 32.
__global__ void k(int *a)
{
  unsigned _BitInt(5) c = threadIdx.x;
  a[c] = threadIdx.x;
}
