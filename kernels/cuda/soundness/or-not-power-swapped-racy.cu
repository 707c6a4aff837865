//xfail:NOT_ALL_VERIFIED
//--blockDim=[2] --gridDim=[1]
// Racy: as or-not-power-racy.cu with the operands the other way round,
// n | t: with n = 3 threads 0 and 1 both write a[3].
__global__ void k(unsigned *a, unsigned n)
{
  __requires(n >= 2);
  unsigned t = threadIdx.x;
  a[n | t] = t;
}
