//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the inline PTX stores threadIdx.x to a[0] in every thread,
// unordered.  Inline assembly is not modelled, so it must not answer DRF.
__global__ void k(int *a)
{
  asm volatile("st.global.u32 [%0], %1;" :: "l"(a), "r"(threadIdx.x) : "memory");
}
