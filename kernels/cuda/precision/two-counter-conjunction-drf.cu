//pass
//--blockDim=[256] --gridDim=[1]
// Race-free: a loop counted by `i` whose condition also tests a second
// counter, `idx < n && i < N` (`idx` starts at the thread's index and the
// body moves it by blockDim.x, once per iteration, at its top level).
// Thread t writes out[t + 256 i] for i < N (while that is below n): the
// index determines t = index % 256 and i = index / 256, so no two threads
// write one cell.
#define N 4
__global__ void two_counters(float *out, const float *in, int n)
{
  float cache[N];
  for (int idx = threadIdx.x, i = 0; idx < n && i < N; ++i) {
    cache[i] = in[idx];
    idx += blockDim.x;
  }
  for (int idx = threadIdx.x, i = 0; idx < n && i < N; ++i) {
    out[idx] = 2.0f * cache[i];
    idx += blockDim.x;
  }
}
