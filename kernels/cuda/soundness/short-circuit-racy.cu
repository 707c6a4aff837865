//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: t > 100 is false for every thread, so || evaluates its right operand,
// which writes a[0] = t: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a, int *out)
{
  out[threadIdx.x] = (threadIdx.x > 100 || (a[0] = threadIdx.x));
}
