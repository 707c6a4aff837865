//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  As in and-with-comparison-drf.cu the requirement
// `n & (n - 1) == 0` holds exactly for n == 1, so every thread writes
// a[t * (n - 1)] = a[0]: threads 0 and 1 both write a[0], no barrier.
// (Were the comparison's two cases swapped — n & 0 when n == 1, n & 1
// otherwise — the requirement would leave the odd n from 3 to 1023, where
// t * (n - 1) < 64 * 1022 is different for every thread.)
__global__ void k(int *a, unsigned n)
{
  __requires(n < 1024);
  __requires(n & (n - 1) == 0);
  a[threadIdx.x * (n - 1)] = threadIdx.x;
}
