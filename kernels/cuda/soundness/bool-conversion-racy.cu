//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: b = (bool)threadIdx.x is 1 for threads 1..63, so threads 1 and 2
// both write out[1] with different values.
__global__ void k(int *out)
{
  bool b = threadIdx.x;
  out[b] = threadIdx.x;
}
