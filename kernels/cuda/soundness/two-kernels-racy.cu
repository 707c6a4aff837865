//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the file holds two kernels; the second, bad, has every thread write
// a[0] (threads 0 and 1 write 0 and 1).  The first is race-free.
__global__ void good(int *a)
{
  a[threadIdx.x] = threadIdx.x;
}

__global__ void bad(int *a)
{
  a[0] = threadIdx.x;
}
