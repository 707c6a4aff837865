//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the __shared__ x declared inside the device function is one variable
// per block; every thread writes it: threads 0 and 1 write 0 and 1.
__device__ void put(int v)
{
  __shared__ int x;
  x = v;
}

__global__ void k(int *out)
{
  put(threadIdx.x);
}
