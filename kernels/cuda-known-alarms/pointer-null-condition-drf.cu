//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: opt stays null, so every thread takes the first branch and
// writes a[t]; the else branch never runs.
__global__ void k(int *a)
{
  int *opt = 0;
  if (threadIdx.x == 1000) opt = a;
  if (!opt) a[threadIdx.x] = threadIdx.x;
  else opt[0] = 1;
}
