//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: even t writes x[t/2], odd t writes y[t/2]; within the evens (and
// within the odds) t/2 is injective, and x, y are distinct arrays.  After the
// barrier only reads.
struct P { int *ptrs[2]; };

__global__ void k(int *out)
{
  __shared__ int x[64];
  __shared__ int y[64];
  P s;
  s.ptrs[0] = x;
  s.ptrs[1] = y;
  s.ptrs[threadIdx.x & 1][threadIdx.x / 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = x[0] + y[0];
}
