//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the by-value parameter p carries the pointer p.a; every thread writes
// p.a[0]: threads 0 and 1 write 0 and 1, unordered.
struct Args { int *a; int n; };

__global__ void k(Args p)
{
  p.a[0] = threadIdx.x;
}
