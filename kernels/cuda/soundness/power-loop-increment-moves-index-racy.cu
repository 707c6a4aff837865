//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment of the power loop also moves `j`.  Iterations s = 1
// and s = 2 write a[t] and a[t + 1], so thread 0 (at s = 2) and thread 1
// (at s = 1) both write a[1], with no barrier between them.  A front end
// that unrolls the loop over s = 1, 2 but forgets the increment's `j++`
// sees a[t] twice and answers DRF.
__global__ void k(int *a)
{
  int j = threadIdx.x;
  for (int s = 1; s < 4; s *= 2, j++) {
    a[j] = threadIdx.x;
  }
}
