//pass
//--blockDim=[256] --gridDim=[4]
// Race-free: each thread reads its lane number with a register-only PTX
// instruction (`mov` from the special register %laneid, no memory
// operand, no "memory" clobber) and stores it, and the sum of two scratch
// registers, at its own global index: thread g writes lanes[g] and
// sums[g] only.  The PTX touches registers, never memory.
__global__ void lane_ids(unsigned *lanes, unsigned *sums, unsigned a, unsigned b)
{
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane, sum;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("{ .reg .u32 t; add.u32 t, %1, %2; mov.u32 %0, t; }" : "=r"(sum) : "r"(a), "r"(b));
  lanes[g] = lane;
  sums[g] = sum;
}
