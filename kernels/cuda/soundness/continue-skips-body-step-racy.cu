//xfail:NOT_ALL_VERIFIED
//--blockDim=[512] --gridDim=[1]
// Racy: thread 0 leaves its first iteration by `continue` before the
// body's step `idx += 256`, so it starts its second iteration with idx = 0,
// not 256, and writes out[0 + 256 * 1] = out[256] — which thread 256 writes
// in its first iteration (out[256 + 0]).  Every other thread t writes
// out[t + 512 i], one writer per cell; the race exists only because the
// `continue` skipped the step.  (Each thread writes its own index, so
// the two writes store different values.)
#define N 4
__global__ void skipped_step(float *out)
{
  int idx = threadIdx.x;
  for (int i = 0; i < N; ++i) {
    if (threadIdx.x == 0 && i == 0)
      continue;
    out[idx + 256 * i] = (float)threadIdx.x;
    idx += 256;
  }
}
