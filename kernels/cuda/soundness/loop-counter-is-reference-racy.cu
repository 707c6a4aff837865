//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop's counter `r` is a reference to j, so j itself counts
// 0, 1, 2, 3.  When j == 2 every thread writes a[0] (thread 0 writes 0,
// thread 1 writes 1), unordered.  (The counter replaced the reference
// with an integer of its own: j stayed 0 and the write was dropped, DRF.)
__global__ void k(int *a)
{
  int j = 5;
  int &r = j;
  for (r = 0; r < 4; r++) {
    if (j == 2)
      a[0] = threadIdx.x;
  }
}
