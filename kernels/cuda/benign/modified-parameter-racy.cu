//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy: n is a kernel parameter, but each thread changes its own copy
// (n += threadIdx.x % 2) before storing it in out[0]: threads 0 and 1 store
// different values in one phase.
__global__ void size(unsigned int *out, unsigned int n)
{
  n += threadIdx.x % 2;
  out[0] = n;
}
