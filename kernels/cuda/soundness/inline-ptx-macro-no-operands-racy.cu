//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the macro's PTX names the global `g` itself (no operand) and
// stores each thread's %tid.x there, unordered.  With no operand, no
// count of operand expressions can tell that the statement is not empty.
__device__ unsigned g;
#define PUBLISH_TID() \
  asm volatile("{ .reg .u32 t; mov.u32 t, %%tid.x; st.global.u32 [g], t; }")
__global__ void k()
{
  PUBLISH_TID();
}
