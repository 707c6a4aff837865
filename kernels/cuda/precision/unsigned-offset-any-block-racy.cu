//xfail:NOT_ALL_VERIFIED
// Racy: threads 2i and 2i + 1 both write x[i + m - 1].
__global__ void k(unsigned *x, unsigned m)
{
  x[threadIdx.x / 2 + m - 1] = threadIdx.x;
}
