//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `auto &[x, y] = a[t + 1]` binds x to the field a[t + 1].x, so
// thread 0 writes a[1].x = 0 through x, and thread 1 writes a[1].x = 2
// directly; nothing orders them.  (The binding was dropped: DRF.)
struct P { int x; int y; };
__global__ void k(P *a)
{
  auto &[x, y] = a[threadIdx.x + 1];
  x = threadIdx.x;
  a[threadIdx.x].x = 2;
}
