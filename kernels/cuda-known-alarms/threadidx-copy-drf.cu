//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: t.x is threadIdx.x; thread t writes a[t] only.
__global__ void k(int *a)
{
  auto t = threadIdx;
  a[t.x] = t.x;
}
