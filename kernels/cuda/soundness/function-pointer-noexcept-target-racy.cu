//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: `f` may point to `zero` — a pointer to `int (int)` holds a
// `noexcept` function after C++17's implicit function pointer conversion
// (`int (*f)(int) = zero;` compiles) — and then every thread writes
// out[0], each its own threadIdx.x.  The call through `f` must reach
// `zero` as well as `same`, although `zero`'s type is `int (int) noexcept`.

__device__ int same(int t) { return t; }

__device__ int zero(int t) noexcept { return 0; }

__global__ void k(int *out, int (*f)(int))
{
  out[f(threadIdx.x)] = threadIdx.x;
}
