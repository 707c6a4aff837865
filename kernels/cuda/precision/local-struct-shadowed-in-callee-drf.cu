//pass
//--blockDim=[64] --gridDim=[1]
// Race-free.  The kernel's `a.x` is threadIdx.x; the called function's
// local `a` (another object of the same name) set to 0 leaves it alone,
// so thread t writes out[t] only.
struct S {
  int x;
};

__device__ void f()
{
  S a;
  a.x = 0;
}

__global__ void k(int *out)
{
  S a;
  a.x = threadIdx.x;
  f();
  out[a.x] = threadIdx.x;
}
