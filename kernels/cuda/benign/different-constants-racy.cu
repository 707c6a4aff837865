//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: threads below 32 store 1.0f in flag[0], the others 2.0f, in one
// phase: the final value depends on which store lands last.
__global__ void mark(float *flag)
{
  if (threadIdx.x < 32)
    flag[0] = 1.0f;
  else
    flag[0] = 2.0f;
}
