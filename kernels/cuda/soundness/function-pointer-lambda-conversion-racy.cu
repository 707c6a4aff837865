//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: `setg` stores in `g` a lambda converted to `int (*)(int)`, and the
// host may pass that pointer (read back from `g`) as `f`: then every
// thread writes out[0], each its own threadIdx.x.  A call through `f` may
// reach a function that is not among the file's functions of type
// `int (int)` (the lambda's operator), so it must not be taken to reach
// `same` alone.

__device__ int same(int t) { return t; }

__device__ int (*g)(int);

__device__ void setg() { g = [](int) { return 0; }; }

__global__ void k(int *out, int (*f)(int))
{
  out[f(threadIdx.x)] = threadIdx.x;
}
