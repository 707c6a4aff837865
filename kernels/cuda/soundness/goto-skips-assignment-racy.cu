//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: thread 0 jumps over `i = threadIdx.x`, so it writes its id to a[5] with the
// initial i = 5; thread 5 does not jump and writes a[5] too.  A front end
// that ignored the `goto` would see a[threadIdx.x] only.
__global__ void k(int *a)
{
  int i = 5;
  if (threadIdx.x == 0)
    goto store;
  i = threadIdx.x;
store:
  a[i] = threadIdx.x;
}
