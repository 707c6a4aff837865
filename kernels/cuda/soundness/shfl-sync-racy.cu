//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[1]
// Racy: one warp; __shfl_sync(.., t, 0) gives every lane lane 0's value 0, so
// all 32 threads write a[0]: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  int v = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
  a[v] = threadIdx.x;
}
