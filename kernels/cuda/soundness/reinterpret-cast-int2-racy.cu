//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: p[t] = int2 writes a[2t] and a[2t + 1] with -1; thread 0 also writes
// a[2] = 0, which thread 1 writes (-1) through p[1].  Unordered.
__global__ void k(int *a)
{
  int2 *p = reinterpret_cast<int2 *>(a);
  p[threadIdx.x] = make_int2(-1, -1);
  a[2 * threadIdx.x + 2] = threadIdx.x;
}
