//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Racy: `p` and `q` are members of one union, so u.p.y and u.q.b are the
// same four bytes: thread 0 writes them, thread 1 reads them, with no
// barrier in between.  The fields of a struct member must not be arrays
// of their own, apart from the other members they overlap.

__global__ void k(int *out)
{
  __shared__ union {
    struct { int x; int y; } p;
    struct { int a; int b; } q;
  } u;
  if (threadIdx.x == 0) u.p.y = 1;
  if (threadIdx.x == 1) out[0] = u.q.b;
}
