//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: the body runs once with i = 0: thread t writes a[t] only.
__global__ void k(int *a)
{
  int i = 0;
  do {
    a[threadIdx.x + i] = threadIdx.x;
    i++;
  } while (i < 0);
}
