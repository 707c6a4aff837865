//pass
//--blockDim=[64] --gridDim=[1]
// Race-free under the unconditional assumption n >= 1: t -> t * n is
// injective, so each thread writes its own cell.
__global__ void k(int *a, int n)
{
  __assume(n >= 1);
  a[threadIdx.x * n] = threadIdx.x;
}
