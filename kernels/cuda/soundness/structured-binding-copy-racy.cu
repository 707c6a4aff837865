//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `auto [x, y] = a[t + 1]` copies a[t + 1], a read of a[1] by
// thread 0, while thread 1 writes a[1].x; nothing orders them.
struct P { int x; int y; };
__global__ void k(P *a, int *out)
{
  auto [x, y] = a[threadIdx.x + 1];
  out[threadIdx.x] = x + y;
  a[threadIdx.x].x = 2;
}
