//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: sp is written by thread 0 before the barrier and only read
// after it; thread t then writes sp[t] = buf[t] only.
__global__ void k(int *out)
{
  __shared__ int buf[64];
  __shared__ int *sp;
  if (threadIdx.x == 0) sp = buf;
  __syncthreads();
  sp[threadIdx.x] = threadIdx.x;
}
