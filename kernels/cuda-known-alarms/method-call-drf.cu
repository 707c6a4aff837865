//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: b.put(t, t) writes a[t] only; distinct threads, distinct cells.
struct Buf {
  int *d;
  __device__ void put(int i, int v) { d[i] = v; }
};

__global__ void k(int *a)
{
  Buf b = {a};
  b.put(threadIdx.x, threadIdx.x);
}
