//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `r`, bound to the counter before the loop, moves it back by one (`r -= 1`),
// so thread t's counter takes 0, 1, 2, 3 (not 0, 2): at i = 1 it writes
// a[4t + 4], the cell thread t + 1 writes at i = 0, unordered.  (A reference declared before the loop was not followed: DRF.)
__global__ void k(int *a)
{
  int d = 0;
  int i = 0;
  int &r = i;
  for (; i < 4; i += 2) {
    a[4 * threadIdx.x + (i & 1) * 4] = threadIdx.x;
    r -= 1;
  }
}
