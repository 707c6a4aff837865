//pass
//--blockDim=256
// N-body force calculation with shared-memory tiles (GPU Gems 3, ch. 31):
// each tile of positions is loaded, a barrier, every thread reads the whole
// tile, a barrier before the next tile overwrites it.
__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai)
{
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + 0.01f;
  float invDist = rsqrtf(distSqr);
  float s = bj.w * invDist * invDist * invDist;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__global__ void calculate_forces(const float4 *pos, float4 *acc, int numTiles)
{
  __shared__ float4 shPosition[256];
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  float4 myPosition = pos[gtid];
  float3 a = make_float3(0.0f, 0.0f, 0.0f);
  for (int tile = 0; tile < numTiles; tile++) {
    shPosition[threadIdx.x] = pos[tile * blockDim.x + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < blockDim.x; j++)
      a = bodyBodyInteraction(myPosition, shPosition[j], a);
    __syncthreads();
  }
  acc[gtid] = make_float4(a.x, a.y, a.z, 0.0f);
}
