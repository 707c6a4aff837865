//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Racy: `float3` has 12 bytes but is aligned to 4, so `(float3 *)(f + 1)`
// is a valid pointer (CUDA does not fault on it) to the floats f[1],
// f[2], f[3].  Thread 0 writes them through it, thread 1 writes f[3]:
// a race on f[3].  Dividing the offset of one float by three (the
// alignment assumption that holds for `float2`, `float4`, `int4`) would
// put the float3 at f[0..2] and miss it.

__global__ void k(float *f)
{
  if (threadIdx.x == 0) ((float3 *)(f + 1))[0] = make_float3(1.0f, 2.0f, 3.0f);
  if (threadIdx.x == 1) f[3] = 5.0f;
}
