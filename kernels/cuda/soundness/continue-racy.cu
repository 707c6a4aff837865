//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: continue skips i = 0, 1, 2; at i = 3 every thread writes a[3]:
// threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  for (int i = 0; i < 4; i++) {
    if (i != 3) continue;
    a[i] = threadIdx.x;
  }
}
