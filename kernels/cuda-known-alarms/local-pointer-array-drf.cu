//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: thread t writes a[(t & 1) * 64 + t / 2]; even t hit 0..31, odd t
// hit 64..95, and t/2 is injective within each parity.
__global__ void k(int *a)
{
  int *ps[2] = {a, a + 64};
  ps[threadIdx.x & 1][threadIdx.x >> 1] = threadIdx.x;
}
