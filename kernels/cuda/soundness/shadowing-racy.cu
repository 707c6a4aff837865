//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the inner i (= 0) shadows the outer i (= t); every thread writes
// a[0] in the inner block: threads 0 and 1 write 0 and 1.
__global__ void k(int *a)
{
  int i = threadIdx.x;
  {
    int i = 0;
    a[i] = threadIdx.x;
  }
  a[64 + i] = 1;
}
