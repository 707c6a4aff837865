//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The kernel's `a.x` is 0 in every thread; the called function's
// local `a` is another object (of the same name), whose field set to
// threadIdx.x leaves the kernel's alone.  So every thread writes out[0]
// (its own threadIdx.x), threads 0 and 1 with different values.
struct S {
  int x;
};

__device__ void f()
{
  S a;
  a.x = threadIdx.x;
}

__global__ void k(int *out)
{
  S a;
  a.x = 0;
  f();
  out[a.x] = threadIdx.x;
}
