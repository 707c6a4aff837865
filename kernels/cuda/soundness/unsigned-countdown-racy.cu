//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the unsigned count-down runs i = 3, 2, 1, 0 and stops when i-- wraps
// to 2^32 - 1 (not < 4).  Thread t writes a[t..t+3]; thread 0 writes a[1] at
// i = 1 and thread 1 writes a[1] at i = 0, unordered.
__global__ void k(int *a)
{
  for (unsigned i = 3; i < 4; i--)
    a[threadIdx.x + i] = threadIdx.x;
}
