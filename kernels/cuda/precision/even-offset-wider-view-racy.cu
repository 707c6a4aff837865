//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[8]
// Racy: as even-offset-wider-view-drf.cu with blocks 62 shorts apart:
// block 0's thread 31 writes the int at shorts 62-63, and so does block
// 1's thread 0 (int 31 = 31 * 1 + 0).
__global__ void k(short *p)
{
  int *q = (int *)(p + blockIdx.x * 62 + threadIdx.x * 2);
  q[0] = threadIdx.x;
}
