//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: volatile does not order anything between threads; every thread
// writes v[0] = a[0]: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  volatile int *v = a;
  v[0] = threadIdx.x;
}
