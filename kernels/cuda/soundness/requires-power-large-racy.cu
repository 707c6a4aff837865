//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement allows n = 1024 (a power of two), and then every
// thread writes a[0], with its own index.  (The values the requirement
// leaves are 0 and every power of two of `unsigned`, not only 0 and 1.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires((n & (n - 1)) == 0);
  if (n >= 1024)
    a[0] = threadIdx.x;
}
