// expect: racy
// The optional pointer reaches the test through a device function: when
// the host passes a null `scale`, `apply` writes threadIdx.x to out[0] in
// every thread, a race.  The second call passes `nullptr` itself, so its
// `else` branch runs whatever the host passes: threads 0 and 1 both write
// out[0] in every launch.
__device__ void apply(float *out, const float *scale)
{
  if (scale != nullptr)
    out[threadIdx.x] = scale[threadIdx.x];
  else
    out[0] = threadIdx.x;
}

__global__ void scaled(float *out, const float *scale)
{
  apply(out, scale);
  apply(out, nullptr);
}
