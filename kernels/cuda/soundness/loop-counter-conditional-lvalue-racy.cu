//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `(threadIdx.x < 1000 ? i : d) -= 1` moves the counter back by one,
// so thread t's counter takes 0, 1, 2, 3 (not 0, 2): at i = 1 it writes
// a[4t + 4], the cell thread t + 1 writes at i = 0, unordered.  (The change through a conditional lvalue was not seen: the loop was taken as i = 0, 2, DRF.)
__global__ void k(int *a)
{
  int d = 0;
  int i = 0;
  for (; i < 4; i += 2) {
    a[4 * threadIdx.x + (i & 1) * 4] = threadIdx.x;
    (threadIdx.x < 1000 ? i : d) -= 1;
  }
}
