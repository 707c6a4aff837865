//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,4] --gridDim=1 --warp-sync=16
// Racy with warps of 16: the same shift as shift-2d-drf.cu, but threads
// l = 15 (x = 7, y = 1) and l = 16 (x = 0, y = 2) are in different warps.
// Thread 15 reads a[16] while thread 16 writes a[16], and nothing orders
// two warps.
__global__ void shift(int *a)
{
  unsigned int l = threadIdx.x + 8 * threadIdx.y;
  int v = a[l + 1];
  a[l] = v;
}
