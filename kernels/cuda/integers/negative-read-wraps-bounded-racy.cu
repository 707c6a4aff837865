//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a value read from memory may be negative, and converting it to
// `unsigned` adds 2^32: with in[0] = in[1] = -1, u = 4294967295 >= 2^31 in
// threads 0 and 1, which both write a[0] with their own ids.  The read of
// b[v] (a signed, possibly negative index) only makes the checker state
// the bounds of v's type (-2^31 <= v <= 2^31 - 1); under them a model that
// skipped the wrap, u = v <= 2^31 - 1, would find the test never true.
__global__ void k(const int *in, const int *b, int *a)
{
  int v = in[threadIdx.x];
  unsigned u = (unsigned)v;
  int w = b[v];
  if (u >= 2147483648u)
    a[0] = threadIdx.x + w;
}
