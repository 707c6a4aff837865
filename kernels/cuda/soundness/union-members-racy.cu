//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: u.i and u.f are the same 4 bytes.  Thread 0 writes u.i = 1 and
// thread 1 writes u.f = 2.0f (bits 0x40000000), unordered.
union U { int i; float f; };

__global__ void k(int *out)
{
  __shared__ U u;
  if (threadIdx.x == 0) u.i = 1;
  if (threadIdx.x == 1) u.f = 2.0f;
}
