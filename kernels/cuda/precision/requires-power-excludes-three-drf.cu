//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the requirement leaves n = 0 or a power of two, so n == 3
// never holds and no thread writes.  (With n = 3 every thread would write
// a[0]: the requirement must be kept, as the values it allows.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires((n & (n - 1)) == 0);
  if (n == 3)
    a[0] = threadIdx.x;
}
