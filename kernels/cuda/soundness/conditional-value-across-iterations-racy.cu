//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: j = min(i, 8) and thread t writes a[4t + (j ^ 1)].  Thread 0 at
// i = 5 (j ^ 1 = 4) and thread 1 at i = 1 (j ^ 1 = 0) both write a[4],
// with no barrier.  The `?:` of loop-dependent values is one value in all
// threads at each iteration only: not one for the whole execution.
__global__ void k(int *a, int n)
{
  for (int i = 0; i < n; i++) {
    int j = i < 8 ? i : 8;
    a[threadIdx.x * 4 + (j ^ 1)] = i;
  }
}
