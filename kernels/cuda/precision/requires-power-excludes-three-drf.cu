//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the requirements leave n and m = 0 or a power of two, so
// neither n == 3 nor m == 3 holds and no thread writes.  (With n = 3 or
// m = 3 every thread would write a[0]: each requirement must be kept, as
// the values it allows, for a 32-bit n and for a 64-bit m.)
__global__ void k(unsigned *a, unsigned n, unsigned long long m)
{
  __requires((n & (n - 1)) == 0);
  __requires((m & (m - 1)) == 0);
  if (n == 3 || m == 3)
    a[0] = threadIdx.x;
}
