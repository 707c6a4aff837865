//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy, but only for a negative `n`: the write happens only when n < 0,
// and then threads 0 and 1 (t / 2 = 0 for both) both write a[0 + 4096]
// with their own ids.  The signed parameter multiplies the index, so a
// checker that splits on its sign must still look at the negative side.
__global__ void k(int *a, int n)
{
  if (n < 0)
    a[(threadIdx.x / 2) * n + 4096] = threadIdx.x;
}
