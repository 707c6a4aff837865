//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the comma expression's value is the lvalue a[0]; every thread writes
// it (thread 0 writes 0, thread 1 writes 1), unordered.  b[t] is private to t.
__global__ void k(int *a)
{
  __shared__ int b[64];
  (b[threadIdx.x] = 1, a[0]) = threadIdx.x;
}
