//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: opt stays null (no thread has threadIdx.x == 1000 with 64 threads),
// so !opt holds in every thread and all write a[0]: threads 0 and 1 write 0
// and 1, unordered.
__global__ void k(int *a)
{
  int *opt = 0;
  if (threadIdx.x == 1000) opt = a;
  if (!opt) a[0] = threadIdx.x;
  else opt[threadIdx.x] = 1;
}
