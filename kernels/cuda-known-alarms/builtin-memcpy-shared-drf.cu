//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: thread t copies one int into s[t] only; after the barrier only
// reads.
__global__ void k(int *out)
{
  __shared__ int s[64];
  int v = threadIdx.x;
  __builtin_memcpy(&s[threadIdx.x], &v, sizeof v);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
