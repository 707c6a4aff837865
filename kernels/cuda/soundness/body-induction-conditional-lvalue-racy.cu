//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: besides `od += 2`, `(threadIdx.x < 1000 ? od : d) -= 1` moves od back by one, so
// od takes 0, 1 (not 0, 2) and at od = 1 thread t writes a[4t + 4], the
// cell thread t + 1 writes at od = 0, unordered.  (od was taken for an induction variable moved once per iteration by 2: DRF.)
__global__ void k(int *a)
{
  int d = 0;
  int od = 0;
  for (int i = 0; i < 2; i++) {
    a[4 * threadIdx.x + (od & 1) * 4] = threadIdx.x;
    (threadIdx.x < 1000 ? od : d) -= 1;
    od += 2;
  }
}
