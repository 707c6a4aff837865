//--blockDim=[32] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: one warp; each lane reads its own value back (source lane =
// its lane), so v = t and thread t writes a[t] only.
__global__ void k(int *a)
{
  int v = __shfl_sync(0xffffffffu, (int)threadIdx.x, (int)threadIdx.x);
  a[v] = threadIdx.x;
}
