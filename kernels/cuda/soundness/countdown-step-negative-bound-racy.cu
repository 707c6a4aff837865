//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop counts i down by 4 from 9 while i >= -3: i = 9, 5, 1,
// -3, four iterations, so j = 4 after it, and every thread writes a[0] =
// threadIdx.x (threads 0 and 1, unordered).  A front end that counted the
// loop by 1 (i = 9, 8, …, -3: 13 iterations) would give j = 13 and miss
// the write.
__global__ void k(int *a)
{
  int j = 0;
  for (int i = 9; i >= -3; i -= 4, j++) {
  }
  if (j == 4)
    a[0] = threadIdx.x;
}
