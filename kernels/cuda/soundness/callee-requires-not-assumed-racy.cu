//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `store` requires an even `i` (a precondition of its caller), but
// the kernel calls it with every thread index, so threads 0 and 1 both
// write a[0].  A callee's requirement is not a fact about the kernel.
__device__ void store(float *a, unsigned i)
{
  __requires(i % 2 == 0);
  a[i / 2] = 1.0f * i;
}

__global__ void k(float *a)
{
  store(a, threadIdx.x);
}
