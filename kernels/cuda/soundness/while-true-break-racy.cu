//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the infinite loop runs i = 0 and i = 1 and leaves by break; every
// thread writes a[0] and a[1]: threads 0 and 1 write a[0] with 0 and 1.
__global__ void k(int *a)
{
  int i = 0;
  while (true) {
    a[i] = threadIdx.x;
    if (++i >= 2) break;
  }
}
