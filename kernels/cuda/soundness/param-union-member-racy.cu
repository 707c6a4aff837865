//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: each thread's copy of u gets u.i = t << 16, whose low half u.s is
// 0: every thread writes a[0] (threads 0 and 1 write 0 and 1), unordered.
union U {
  int i;
  short s;
};

__global__ void k(int *a, U u)
{
  u.i = threadIdx.x << 16;
  a[u.s] = threadIdx.x;
}
