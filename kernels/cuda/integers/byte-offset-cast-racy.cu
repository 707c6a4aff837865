//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: q = (int*)((size_t)a + sizeof(int)) is a + 1 (a byte offset of 4), so
// q[0] is a[1].  Thread 0 writes a[1] = 1 and thread 1 writes q[0] = a[1] = 2,
// unordered.
__global__ void k(int *a)
{
  int *q = (int *)((size_t)a + sizeof(int));
  if (threadIdx.x == 0) a[1] = 1;
  if (threadIdx.x == 1) q[0] = 2;
}
