//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `r` is bound to j before the loop, so the increment's `r++`
// moves j: j is 0, 1, 2, 3 in iterations i = 0..3.  At i = 2 every
// thread writes a[0] (thread 0 writes 0, thread 1 writes 1), unordered.
// (The increment was taken to move `r` alone, a new integer: j stayed
// 0 and the write was dropped, DRF.)
__global__ void k(int *a)
{
  int j = 0;
  int &r = j;
  for (int i = 0; i < 4; i++, r++) {
    if (j == 2)
      a[0] = threadIdx.x;
  }
}
