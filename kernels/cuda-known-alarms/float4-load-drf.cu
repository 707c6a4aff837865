//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: thread t writes a[4t + 3] and loads a[4t..4t+3]: only its own
// cells.  out[t] is private.
__global__ void k(float *a, float *out)
{
  a[4 * threadIdx.x + 3] = 1.0f;
  float4 v = reinterpret_cast<float4 *>(a)[threadIdx.x];
  out[threadIdx.x] = v.x + v.w;
}
