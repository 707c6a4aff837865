//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: put(t) writes a[t] only.
__global__ void k(int *a)
{
  auto put = [&](int i) { a[i] = threadIdx.x; };
  put(threadIdx.x);
}
