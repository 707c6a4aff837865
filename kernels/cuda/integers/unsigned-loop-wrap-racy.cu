//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: i += 0xFFFFFFFF is i -= 1 modulo 2^32: the loop runs i = 1, then
// i = 0, then i wraps to 2^32 - 1 and stops.  Thread t writes a[t + 1] and
// a[t]; thread 0 writes a[1] = 0 and thread 1 writes a[1] = 1, unordered.
__global__ void k(int *a)
{
  for (unsigned i = 1; i < 2; i += 0xFFFFFFFFu)
    a[threadIdx.x + i] = threadIdx.x;
}
