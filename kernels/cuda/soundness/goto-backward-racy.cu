//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: a loop written with a backward `goto`: with n >= 1 every thread
// writes a[0] (its first round), unordered.  mapcheck does not model a
// backward `goto`; it must not call the kernel race-free.
__global__ void k(int *a, int n)
{
  int i = 0;
again:
  a[i] = threadIdx.x;
  i++;
  if (i < n)
    goto again;
}
