//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: SLOT is 0; every thread writes a[0]: threads 0 and 1 write 0 and 1.
enum { SLOT = 0, STRIDE = 1 };

__global__ void k(int *a)
{
  a[SLOT] = threadIdx.x;
}
