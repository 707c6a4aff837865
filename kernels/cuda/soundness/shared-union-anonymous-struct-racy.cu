//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Racy: the anonymous struct and `v` are members of one union, so u.y is
// the upper half of u.v: thread 0 writes it, thread 1 reads u.v, with no
// barrier in between.  `y` is a field of the anonymous struct, but it
// lives in the union's bytes.

__global__ void k(int *out)
{
  __shared__ union {
    struct { int x; int y; };
    long long v;
  } u;
  if (threadIdx.x == 0) u.y = 1;
  if (threadIdx.x == 1) out[0] = (int)(u.v >> 32);
}
