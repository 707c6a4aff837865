//xfail:NOT_ALL_VERIFIED
//--blockDim=64
// Odd-even transposition step written with a device function, but every
// thread (not only the even ones) swaps a[i] and a[i + 1]: thread i and
// thread i + 1 both write a[i + 1].
__device__ void swap_if_greater(int *a, int i, int j)
{
  int x = a[i], y = a[j];
  if (x > y) {
    a[i] = y;
    a[j] = x;
  }
}

__global__ void oddeven(int *a, int n)
{
  int i = threadIdx.x;
  if (i + 1 < n)
    swap_if_greater(a, i, i + 1);
}
