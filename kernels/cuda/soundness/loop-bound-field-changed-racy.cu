//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the bound s.n is 1 at entry, but the body sets it to 2, so every
// thread runs i = 0 and i = 1: thread 0 writes a[1] at i = 1 and thread 1
// writes a[1] at i = 0, unordered.  (The bound, a field of the thread's
// struct, was read once at entry: one iteration, DRF.)
struct S { int n; };
__global__ void k(int *a)
{
  S s;
  s.n = 1;
  for (int i = 0; i < s.n; i++) {
    a[threadIdx.x + i] = threadIdx.x;
    s.n = 2;
  }
}
