//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: at(a, t) refers to a[t]; thread t writes only a[t].
__device__ int &at(int *a, int i) { return a[i]; }

__global__ void k(int *a)
{
  at(a, threadIdx.x) = threadIdx.x;
}
