//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: n is a power of two of at least 64 (the requirement), so
// t & (n - 1) = t % n = t for t < 64: each thread writes its own cell.
// The power-of-two fact is one conjunct of the requirement.
__global__ void k(unsigned *a, unsigned n)
{
  __requires(n >= 64 && (n & (n - 1)) == 0);
  unsigned t = threadIdx.x;
  a[t & (n - 1)] = t;
}
