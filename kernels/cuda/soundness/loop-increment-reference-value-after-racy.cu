//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment moves j through the reference `r` once per
// iteration, so j == 4 after the loop and every thread writes a[0]
// (thread 0 writes 0, thread 1 writes 1), unordered.  (j was taken to
// keep its value 0 across the loop: DRF.)
__global__ void k(int *a)
{
  int j = 0;
  int &r = j;
  for (int i = 0; i < 4; i++, r++) {
  }
  if (j == 4)
    a[0] = threadIdx.x;
}
