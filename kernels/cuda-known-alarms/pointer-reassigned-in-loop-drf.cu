//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: iteration 0 writes a[2t], then p = a + 1, iteration 1 writes
// a[2t + 1]; thread t owns {2t, 2t+1}, disjoint across threads.
__global__ void k(int *a)
{
  int *p = a;
  for (int i = 0; i < 2; i++) {
    p[2 * threadIdx.x] = threadIdx.x;
    p = a + 1;
  }
}
