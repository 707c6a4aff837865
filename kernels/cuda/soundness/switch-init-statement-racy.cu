//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `switch (j = 0; 1)` first runs its init-statement j = 0, then
// takes case 1: every thread writes a[0]; threads 0 and 1 write 0 and 1
// there, unordered.
__global__ void k(int *a)
{
  int j = threadIdx.x;
  switch (j = 0; 1) {
  case 1:
    a[j] = threadIdx.x;
    break;
  }
}
