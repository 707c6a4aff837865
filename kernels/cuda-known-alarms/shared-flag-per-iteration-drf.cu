//--blockDim=64 --gridDim=1
// expect: known-alarm
// expected: DRF (//pass), but mapcheck answers unknown: see docs/barrier-divergence.md
// Race-free: in each iteration thread 0 sets the block's flag, and after
// the barrier every thread reads it — the same cell, written by no thread
// until the last barrier of the iteration — so all threads take the same
// branch of the conditional with the barrier inside.  Inside it, each
// thread writes its own cell of `s`, and after the barrier reads the
// mirrored one and writes its own element of `data`.
// mapcheck proves the flag the same in every thread of an iteration (no
// divergence), but its value may change between iterations, and the case
// split of well-formedness would fix it for the whole loop: unknown, as a
// conditional on a synchronized loop variable.
__global__ void k(float *data, const int *todo, int n)
{
  __shared__ int flag;
  __shared__ float s[64];
  for (int it = 0; it < n; it++) {
    if (threadIdx.x == 0)
      flag = todo[it];
    __syncthreads();
    if (flag) {
      s[threadIdx.x] = data[it * 64 + threadIdx.x];
      __syncthreads();
      data[it * 64 + threadIdx.x] = s[63 - threadIdx.x];
    }
    __syncthreads();
  }
}
