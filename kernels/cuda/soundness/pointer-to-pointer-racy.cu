//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: p starts at a + t, but *pp = a re-points p (pp == &p) to a, so
// p[0] = threadIdx.x writes a[0] in every thread: threads 0 and 1 write 0 and
// 1, unordered.
__global__ void k(int *a)
{
  int *p = a + threadIdx.x;
  int **pp = &p;
  *pp = a;
  p[0] = threadIdx.x;
}
