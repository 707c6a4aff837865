//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: the barrier orders thread 0's write of s.x before every
// thread's copy (a read) of s.
struct P { int x; int y; };

__global__ void k(int *out)
{
  __shared__ P s;
  if (threadIdx.x == 0) s.x = 1;
  __syncthreads();
  P t = s;
  out[threadIdx.x] = t.x + t.y;
}
