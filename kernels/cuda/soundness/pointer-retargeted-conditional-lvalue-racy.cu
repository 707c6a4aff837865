//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `(threadIdx.x < 1000 ? p : q) = b` makes p point into b
// after the first iteration, so in the second thread t + 1 writes b[t + 1],
// and after the loop thread t writes b[t + 1]: unordered.  (The pointer's
// change was not seen: p was taken to point into a throughout, DRF.)
__device__ void setp(int *&x, int *y) { x = y; }
__global__ void k(int *a, int *b)
{
  int *p = a;
  int *q = a;
  for (int i = 0; i < 2; i++) {
    p[threadIdx.x] = threadIdx.x;
    (threadIdx.x < 1000 ? p : q) = b;
  }
  b[threadIdx.x + 1] = 0;
}
