//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: t is a copy of threadIdx; t.x / 2 is 0 for threads 0 and 1, which
// both write a[0].
__global__ void k(int *a)
{
  auto t = threadIdx;
  a[t.x / 2] = t.x;
}
