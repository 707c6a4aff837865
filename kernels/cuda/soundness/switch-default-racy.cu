//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: every thread except 5 takes the default label and writes a[0];
// threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  switch (threadIdx.x) {
  case 5:
    a[1] = 5;
    break;
  default:
    a[0] = threadIdx.x;
  }
}
