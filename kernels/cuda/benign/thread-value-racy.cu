//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy: every thread stores n + threadIdx.x in out[0]; the value differs
// between threads, so the last store decides the result.
__global__ void size(unsigned int *out, unsigned int n)
{
  out[0] = n + threadIdx.x;
}
