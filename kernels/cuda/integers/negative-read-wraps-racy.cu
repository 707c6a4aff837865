//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a value read from memory may be negative, and converting -1 to
// `unsigned` gives 4294967295.  With in[0] = in[1] = -1 threads 0 and 1
// both pass the test and write a[0] with their own ids.  A model that took
// the value read as non-negative would find the test never true.
__global__ void k(const int *in, int *a)
{
  int v = in[threadIdx.x];
  unsigned u = (unsigned)v;
  if (u == 4294967295u)
    a[0] = threadIdx.x;
}
