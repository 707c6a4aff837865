//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: d = (int)t - 2 is negative for t = 0 and t = 1, so both write a[0]
// (values 0 and 1), unordered.  Threads 2..63 write a[t - 1] in 1..62.
__global__ void k(int *a)
{
  int d = (int)threadIdx.x - 2;
  if (d < 0) a[0] = threadIdx.x;
  else a[d + 1] = threadIdx.x;
}
