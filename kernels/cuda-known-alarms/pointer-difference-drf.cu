//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: d = 64 - t, so thread t writes a[63 - t]; injective in t.
__global__ void k(int *a)
{
  int *p = a + threadIdx.x;
  int d = (a + 64) - p;
  a[d - 1] = threadIdx.x;
}
