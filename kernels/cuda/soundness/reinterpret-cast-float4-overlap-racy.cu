//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread t writes out[4t .. 4t + 3] through the `float4` view and
// then out[4t + 4] as a float, which is the first float of thread t + 1's
// `float4`: threads 0 and 1 both write out[4], with no barrier between.
__global__ void k(const float *in, float *out)
{
  float4 *dst = reinterpret_cast<float4 *>(out);
  dst[threadIdx.x] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  out[4 * threadIdx.x + 4] = threadIdx.x;
}
