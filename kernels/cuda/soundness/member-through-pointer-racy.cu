//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: every thread writes p->x, i.e. the one cell p[0].x.  Thread 0 and
// thread 1 of block 0 write it with the values 0 and 1; nothing (no barrier,
// no atomic) orders the two writes.
struct S { int x; int y; };

__global__ void k(S *p)
{
  p->x = threadIdx.x;
}
