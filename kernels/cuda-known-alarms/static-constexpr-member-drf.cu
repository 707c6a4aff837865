//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: C::stride is 1, so thread t writes a[t] only.
struct C { static constexpr int stride = 1; };

__global__ void k(int *a)
{
  a[threadIdx.x * C::stride] = threadIdx.x;
}
