//pass
//--blockDim=[64] --gridDim=[1]
// Race-free under the unconditional assumption 1 <= n <= 64: t -> t * n is
// injective, and t * n <= 63 * 64 cannot wrap around in the unsigned
// arithmetic of threadIdx.x * n (without the upper bound, n = 2^27 makes
// threads 0 and 32 both write a[0]: 32 * 2^27 = 2^32 wraps to 0).
__global__ void k(int *a, int n)
{
  __assume(n >= 1 && n <= 64);
  a[threadIdx.x * n] = threadIdx.x;
}
