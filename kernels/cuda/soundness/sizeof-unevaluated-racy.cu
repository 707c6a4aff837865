//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the write a[0] = t outside sizeof runs in every thread; threads 0 and
// 1 write 0 and 1, unordered.  (The operand of sizeof is not evaluated.)
__global__ void k(int *a)
{
  int s = sizeof(a[0]);
  a[0] = threadIdx.x * s;
}
