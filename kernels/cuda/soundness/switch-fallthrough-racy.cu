//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 (t % 2 == 0) runs case 0 and falls through into case 1,
// writing a[0 | 1] = a[1] = 0; thread 1 writes a[1] = 1.  Unordered.
__global__ void k(int *a)
{
  switch (threadIdx.x % 2) {
  case 0:
    a[threadIdx.x] = 1;
  case 1:
    a[threadIdx.x | 1] = threadIdx.x;
  }
}
