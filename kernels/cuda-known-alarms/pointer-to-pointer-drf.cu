//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: *pp = a + 64 + t re-points p, so thread t writes only a[64 + t];
// distinct threads, distinct cells.
__global__ void k(int *a)
{
  int *p = a;
  int **pp = &p;
  *pp = a + 64 + threadIdx.x;
  p[0] = threadIdx.x;
}
