//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the left operand of the comma in the loop condition runs before
// every test, so every thread writes b[0] = threadIdx.x (threads 0 and 1,
// unordered).  A loop shape that keeps only the comparison `i < 4` drops
// that write, and b is not even checked.
__global__ void k(int *a, int *b)
{
  for (int i = 0; b[0] = threadIdx.x, i < 4; i++) {
    a[i * 64 + threadIdx.x] = threadIdx.x;
  }
}
