//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the whole inline-assembly statement comes from a macro; it
// stores threadIdx.x to a[0] in every thread, unordered.  The tokens of
// a macro's expansion are not those of `asm(…)`: the store must not be
// dropped.
#define STORE(p, v) asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(v))
__global__ void k(unsigned *a)
{
  STORE(a, threadIdx.x);
}
