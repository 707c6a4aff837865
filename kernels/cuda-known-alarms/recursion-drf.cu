//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: the recursion bottoms out writing a[t] in thread t only.
__device__ void rec(int *a, int n)
{
  if (n == 0) { a[threadIdx.x] = threadIdx.x; return; }
  rec(a, n - 1);
}

__global__ void k(int *a)
{
  rec(a, 2);
}
