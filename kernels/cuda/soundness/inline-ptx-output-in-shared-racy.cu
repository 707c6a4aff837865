//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the output operand of the register-only PTX is the shared cell
// s[0], which every thread of the block writes (the compiler stores the
// output register there after the instruction), unordered.
__global__ void shared_output(unsigned *out)
{
  __shared__ unsigned s[64];
  asm("mov.u32 %0, %%laneid;" : "=r"(s[0]));
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
