//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `dec` takes the counter (threadIdx.x < 1000) by reference and moves it back by one,
// so thread t's counter takes 0, 1, 2, 3 (not 0, 2): at i = 1 it writes
// a[4t + 4], the cell thread t + 1 writes at i = 0, unordered.  (A conditional lvalue passed by reference was not seen as changing the counter: DRF.)
__device__ void dec(int &x) { x -= 1; }
__global__ void k(int *a)
{
  int d = 0;
  int i = 0;
  for (; i < 4; i += 2) {
    a[4 * threadIdx.x + (i & 1) * 4] = threadIdx.x;
    dec(threadIdx.x < 1000 ? i : d);
  }
}
