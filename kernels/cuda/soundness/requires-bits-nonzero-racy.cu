//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement compares n & (n - 1) with 4, not 0; n = 6 meets
// it (6 & 5 = 4), and then every thread writes a[0] with its own index.
// (Only (n & (n - 1)) == 0 makes n a power of two or 0.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires((n & (n - 1)) == 4);
  if (n == 6)
    a[0] = threadIdx.x;
}
