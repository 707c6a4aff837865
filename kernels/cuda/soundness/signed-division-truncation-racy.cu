//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: C division truncates toward zero: for t = 0, (2t - 1) / 2 = -1 / 2 = 0;
// for t = 1, 1 / 2 = 0.  Threads 0 and 1 both write a[1] (values 0 and 1),
// unordered.  (Floor division would give -1 for t = 0 and no race.)
__global__ void k(int *a)
{
  int d = (2 * (int)threadIdx.x - 1) / 2;
  a[d + 1] = threadIdx.x;
}
