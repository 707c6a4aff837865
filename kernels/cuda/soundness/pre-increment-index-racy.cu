//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a[++i] writes a[t + 1], a[--i] writes a[t]; thread 0 writes a[1] = 0
// and thread 1 writes a[1] = 1 (its second write), unordered.
__global__ void k(int *a)
{
  int i = threadIdx.x;
  a[++i] = threadIdx.x;
  a[--i] = threadIdx.x;
}
