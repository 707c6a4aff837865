//pass
//--blockDim=128 --gridDim=32
// The SDK samples' vector maths (`+ - * /`, compound assignment, dot,
// cross, length, normalize, lerp, clamp, saturate, make_float3(float4),
// int3 arithmetic) with helper_math.h: each thread reads its own
// particle and writes only `pos[i]` and `vel[i]`, `i` being its global
// index, so no cell is shared by two threads.
#include <cuda_runtime.h>
#include <helper_math.h>

__global__ void integrate(float4 *pos, float4 *vel, const float3 *force, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 p = make_float3(pos[i]);
  float3 v = make_float3(vel[i]);
  float3 f = force[i];
  v += f * dt;
  v *= 0.99f;
  float3 up = make_float3(0.0f, 1.0f, 0.0f);
  float3 side = normalize(cross(v, up));
  float speed = length(v) + dot(side, up);
  p = lerp(p, p + v * dt, 0.5f);
  p = clamp(p, -1.0f, 1.0f);
  int3 cell = make_int3(1, 2, 3) * 2 + make_int3(i, 0, 0);
  float w = saturate(speed) + cell.x;
  pos[i] = make_float4(p, w);
  vel[i] = make_float4(v / 2.0f, 0.0f);
}
