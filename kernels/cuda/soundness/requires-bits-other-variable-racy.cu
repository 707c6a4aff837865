//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement is about n & (m - 1), two variables: n = 6 and
// m = 1 meet it (6 & 0 = 0), and then every thread writes a[0] with its
// own index.  (Only (n & (n - 1)) == 0 makes n a power of two or 0.)
__global__ void k(unsigned *a, unsigned n, unsigned m)
{
  __requires((n & (m - 1)) == 0);
  if (n == 6)
    a[0] = threadIdx.x;
}
