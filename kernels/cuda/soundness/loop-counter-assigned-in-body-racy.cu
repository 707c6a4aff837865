//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: at i = 1 the body sets i = 2 before the access, so thread t writes
// a[2t] and a[2t + 2].  Thread 0 (second write, a[2] = 0) and thread 1 (first
// write, a[2] = 1) are unordered.
__global__ void k(int *a)
{
  for (int i = 0; i < 2; i++) {
    if (i == 1) i = 2;
    a[2 * threadIdx.x + i] = threadIdx.x;
  }
}
