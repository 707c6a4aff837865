//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: j = t - 1 is -1 for thread 0 only, so every thread but 0 takes
// the else branch; threads 1 and 2 both write a[0] (values 1 and 2),
// unordered.
__global__ void k(int *a)
{
  int j = (int)threadIdx.x - 1;
  if (j < 0) a[threadIdx.x] = 0;
  else a[0] = threadIdx.x;
}
