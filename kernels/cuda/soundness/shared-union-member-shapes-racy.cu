//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: the members of a union share their bytes, so u.b[1][j] (rows of
// 16 ints) is u.a[16 + j].  Thread t < 16 reads u.b[1][t] = u.a[16 + t],
// which thread 16 + t writes, with no barrier in between.  An index of
// `b` ([1][t]) is not an index of `a` ([16 + t]).

__global__ void k(int *out)
{
  __shared__ union {
    int a[32];
    int b[2][16];
  } u;
  u.a[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = u.b[1][threadIdx.x % 16];
}
