//xfail:NOT_ALL_VERIFIED
//--blockDim=[8] --gridDim=[1]
// Racy: -1 has every bit set, so (32 * t) | -1 is -1 for every t and every
// thread writes a[63].  (32 * t is a multiple of 32, but -1 is not a value
// in 0..31: the | is not the sum 32 * t - 1.)
__global__ void k(int *a)
{
  int t = threadIdx.x;
  a[64 + ((32 * t) | -1)] = t;
}
