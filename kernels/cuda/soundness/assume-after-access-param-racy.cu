//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the __assume comes after the write, so it does not restrict n at
// the write.  With n = 0, threads 0 and 1 both write a[0 * t] = a[0]
// (values 0 and 1) before reaching __assume(n == 1).
__global__ void k(int *a, int n)
{
  a[threadIdx.x * n] = threadIdx.x;
  __assume(n == 1);
}
