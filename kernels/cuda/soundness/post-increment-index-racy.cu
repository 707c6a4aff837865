//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a[i++] writes a[t] and then a[i] writes a[t + 1]; thread 0 writes
// a[1] = 0 (second write) and thread 1 writes a[1] = 1 (first write),
// unordered.
__global__ void k(int *a)
{
  int i = threadIdx.x;
  a[i++] = 1;
  a[i] = threadIdx.x;
}
