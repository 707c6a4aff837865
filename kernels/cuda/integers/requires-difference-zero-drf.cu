//pass
//--blockDim=[64] --gridDim=[1]
// Race-free.  `n - 1 == 0` for an unsigned n holds only for n = 1 (the
// difference is 0 modulo 2^32 only there), so each thread t writes
// a[t / n] = a[t], its own cell.
__global__ void k(int *a, unsigned n)
{
  __requires(n - 1 == 0);
  a[threadIdx.x / n] = threadIdx.x;
}
