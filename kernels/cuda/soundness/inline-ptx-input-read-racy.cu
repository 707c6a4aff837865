//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the input operand of the register-only PTX reads s[threadIdx.x +
// 1], which the neighbouring thread writes in the same barrier interval
// (thread 0 reads s[1] while thread 1 writes it).
__global__ void shared_input(unsigned *out)
{
  __shared__ unsigned s[65];
  unsigned x;
  s[threadIdx.x] = threadIdx.x;
  asm("add.u32 %0, %1, 1;" : "=r"(x) : "r"(s[threadIdx.x + 1]));
  out[threadIdx.x] = x;
}
