//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: 0[a] is *(0 + a) = a[0]; thread 0 writes 0 there, thread 1 writes 1,
// unordered.
__global__ void k(int *a)
{
  0[a] = threadIdx.x;
}
