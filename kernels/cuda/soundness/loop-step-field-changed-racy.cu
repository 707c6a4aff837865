//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the step s.n is 2 at entry, but the body sets it to 1, so the
// counter takes 0, 1, 2, 3: at i = 1 thread t writes a[4t + 4], the cell
// thread t + 1 writes at i = 0, unordered.  (The step was read once at
// entry: i = 0, 2 only, DRF.)
struct S { int n; };
__global__ void k(int *a)
{
  S s;
  s.n = 2;
  for (int i = 0; i < 4; i += s.n) {
    a[4 * threadIdx.x + (i & 1) * 4] = threadIdx.x;
    s.n = 1;
  }
}
