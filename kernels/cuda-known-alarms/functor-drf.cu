//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: w(t, t) writes a[t] only.
struct W {
  int *a;
  __device__ void operator()(int i, int v) const { a[i] = v; }
};

__global__ void k(int *a)
{
  W w = {a};
  w(threadIdx.x, threadIdx.x);
}
