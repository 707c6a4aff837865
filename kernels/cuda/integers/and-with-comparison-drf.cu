//pass
//--blockDim=[64] --gridDim=[1]
// Race-free.  `n & (n - 1) == 0` parses as `n & ((n - 1) == 0)`: `==`
// binds tighter than `&`.  The comparison is the int 1 when n == 1, else 0,
// so the requirement `n & 1 != 0` with n == 1, or `n & 0 != 0`, which is
// false, holds only for n == 1.  Then thread t writes a[t], its own cell.
// (Read as the power-of-two test it resembles, n == 0 would pass too, and
// every thread would write a[0].)
__global__ void k(int *a, unsigned n)
{
  __requires(n & (n - 1) == 0);
  a[threadIdx.x * n] = threadIdx.x;
}
