// expect: error
//--blockDim=[64] --gridDim=[1]
// Partial input: put() does not compile (an undeclared name), and the
// kernel runs it through a function pointer.  However the error is fixed,
// every thread writes a[0] in put(): threads 0 and 1 race there.  The
// kernel is touched by the error, so it cannot be checked (never DRF);
// mapcheck used to follow only calls by name, call the error a warning and
// answer drf for a kernel that, without put(), accessed nothing.
__device__ void put(int *a)
{
  a[0] = threadIdx.x + undeclared_offset;
}

__global__ void k(int *a)
{
  void (*f)(int *) = put;
  f(a);
}
