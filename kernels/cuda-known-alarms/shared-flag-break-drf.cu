//--blockDim=64 --gridDim=1
// expect: known-alarm
// expected: DRF (//pass), but mapcheck reports barrier divergence: see docs/barrier-divergence.md
// Race-free (the loop of the SDK's eigenvalue kernels): each round, thread
// 0 sets the shared flag `done`; after a barrier, every thread whose element
// is still large clears it with an atomic; after another barrier every
// thread reads `done`, the same cell, which no thread writes before the
// next round's barrier, so all threads leave the loop in the same round.
// Each round a thread reads a neighbour's cell of `s` before a barrier and
// writes its own after it.
// mapcheck models `break` as skipping the rest of the iteration of a loop
// with an unknown number of iterations, so in the protocol the next
// iteration's `done = 1` follows the read of `done` without a barrier: the
// read is per-thread, and the conditional with the barriers is reported
// as divergent.
__global__ void k(int *out, const int *in)
{
  __shared__ int done;
  __shared__ int s[64];
  s[threadIdx.x] = in[threadIdx.x];
  while (true) {
    if (threadIdx.x == 0)
      done = 1;
    __syncthreads();
    if (s[threadIdx.x] > 5)
      atomicExch(&done, 0);
    __syncthreads();
    if (done == 1)
      break;
    int next = s[(threadIdx.x + 1) % 64] - 1;
    __syncthreads();
    s[threadIdx.x] = next;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}
