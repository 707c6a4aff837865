//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: __restrict__ only promises that a and b do not alias; threads 0 and 1
// both write a[0] (t / 2 = 0) with b[0] and b[1], unordered.
__global__ void k(int *__restrict__ a, const int *__restrict__ b)
{
  a[threadIdx.x / 2] = b[threadIdx.x];
}
