//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the condition itself writes a[0] = t in every thread (t < 64, the
// branch is never taken); threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  if ((a[0] = threadIdx.x) > 100)
    a[1] = 0;
}
