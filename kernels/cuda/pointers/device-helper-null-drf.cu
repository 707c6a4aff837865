// expect: drf
// Twin of device-helper-null-racy.cu: the helper's null branch writes
// out[tid], so both calls (one with the host's `scale`, one with
// `nullptr`) write only the thread's own cell.
__device__ void apply(float *out, const float *scale)
{
  if (scale != nullptr)
    out[threadIdx.x] = scale[threadIdx.x];
  else
    out[threadIdx.x] = 0;
}

__global__ void scaled(float *out, const float *scale)
{
  apply(out, scale);
  apply(out, nullptr);
}
