//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: a do/while body runs once before the (false) test, so every thread
// writes a[0]: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  int i = 0;
  do {
    a[i] = threadIdx.x;
    i++;
  } while (i < 0);
}
