//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: %laneid is the thread's position in its warp (threadIdx.x % 32
// here), so threads 0 and 32 both read lane 0 and both write slot[0],
// unordered.  The value of register-only inline assembly may be anything
// in each thread; it must not be taken as distinct per thread.
__global__ void per_lane(unsigned *slot)
{
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  slot[lane] = threadIdx.x;
}
