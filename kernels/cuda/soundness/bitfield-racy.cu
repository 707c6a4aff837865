//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: adjacent bit-fields lo and hi are one memory location in C++; thread
// 0 writes b.lo and thread 1 writes b.hi with no barrier (each write is a
// read-modify-write of the same word).
struct B { unsigned lo : 16; unsigned hi : 16; };

__global__ void k(int *out)
{
  __shared__ B b;
  if (threadIdx.x == 0) b.lo = 1;
  if (threadIdx.x == 1) b.hi = 2;
}
