//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the argument of min() writes a[0] = t in every thread; threads 0 and
// 1 write 0 and 1, unordered.
__global__ void k(int *a, int *out)
{
  out[threadIdx.x] = min(a[0] = threadIdx.x, 3);
}
