//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: x[t] refers to a[t]; thread t writes only a[t].
struct Arr {
  int *d;
  __device__ int &operator[](int i) { return d[i]; }
};

__global__ void k(int *a)
{
  Arr x = {a};
  x[threadIdx.x] = threadIdx.x;
}
