//pass
//--blockDim=64 --gridDim=1
// Race-free: `(float3 *)(f + 3)` starts at f[3] exactly (an offset of one
// whole float3), so thread t writes f[3t + 3], f[3t + 4], f[3t + 5] —
// disjoint triples — and only thread 0 writes f[0].

__global__ void k(float *f)
{
  float3 *p = (float3 *)(f + 3);
  p[threadIdx.x] = make_float3(1.0f, 2.0f, 3.0f);
  if (threadIdx.x == 0) f[0] = 5.0f;
}
