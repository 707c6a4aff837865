//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: x is a reference to a[0]; threads 0 and 1 assign 0 and 1 through it,
// unordered.
__global__ void k(int *a)
{
  int &x = a[0];
  x = threadIdx.x;
}
