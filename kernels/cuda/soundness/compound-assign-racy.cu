//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a[t / 2] += 1 reads and writes a[0] in threads 0 and 1, unordered.
__global__ void k(int *a)
{
  a[threadIdx.x / 2] += 1;
}
