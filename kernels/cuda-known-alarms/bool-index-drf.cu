//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: 2t + (t > 5) is in {2t, 2t + 1}, disjoint across threads.
__global__ void k(int *a)
{
  a[2 * threadIdx.x + (threadIdx.x > 5)] = threadIdx.x;
}
