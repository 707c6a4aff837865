//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `od += r` moves od by r, a reference to w, which the body sets to
// 1: od takes 0, 1 (not 0, 2), and at od = 1 thread t writes a[4t + 4],
// the cell thread t + 1 writes at od = 0, unordered.  (od was taken for an
// induction variable with the invariant step 2: DRF.)
__global__ void k(int *a)
{
  int w = 2;
  int &r = w;
  int od = 0;
  for (int i = 0; i < 2; i++) {
    a[4 * threadIdx.x + (od & 1) * 4] = threadIdx.x;
    w = 1;
    od += r;
  }
}
