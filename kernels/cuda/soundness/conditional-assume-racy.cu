//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the __assume sits in a branch no thread executes (threadIdx.x < 64),
// so it constrains nothing and n is arbitrary.  With n = 0 every thread writes
// a[0]: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a, int n)
{
  if (threadIdx.x > 1000) __assume(n == 1);
  a[threadIdx.x * n] = threadIdx.x;
}
