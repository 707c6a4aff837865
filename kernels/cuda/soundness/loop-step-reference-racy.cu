//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the step is the reference r to n, 2 at entry; the body sets
// n = 1, so the counter takes 0, 1, 2, 3: at i = 1 thread t writes
// a[4t + 4], the cell thread t + 1 writes at i = 0, unordered.  (The step
// was taken as the constant 2: DRF.)
__global__ void k(int *a)
{
  int n = 2;
  int &r = n;
  for (int i = 0; i < 4; i += r) {
    a[4 * threadIdx.x + (i & 1) * 4] = threadIdx.x;
    n = 1;
  }
}
