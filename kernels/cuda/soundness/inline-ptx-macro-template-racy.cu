//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the PTX template, named by a macro, is a global store: every
// thread stores its threadIdx.x to a[0], unordered.  The front end sees
// the source's tokens, not the macro's text, so it cannot tell the
// template is register-only (it is not): the statement must stay
// unmodelled, never read as an instruction-free template.
#define STORE_U32 "st.global.u32 [%0], %1;"
__global__ void k(unsigned *a)
{
  asm volatile(STORE_U32 :: "l"(a), "r"(threadIdx.x));
}
