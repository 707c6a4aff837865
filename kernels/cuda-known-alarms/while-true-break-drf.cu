//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: thread t writes a[2t] and a[2t + 1], then breaks.
__global__ void k(int *a)
{
  int i = 0;
  while (true) {
    a[2 * threadIdx.x + i] = threadIdx.x;
    if (++i >= 2) break;
  }
}
