//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread t writes a[4t + 4] and loads the float4 at a[4t..4t+3].  Thread
// 0 writes a[4]; thread 1 loads a[4..7]; unordered.
__global__ void k(float *a, float *out)
{
  a[4 * threadIdx.x + 4] = 1.0f;
  float4 v = reinterpret_cast<float4 *>(a)[threadIdx.x];
  out[threadIdx.x] = v.x + v.w;
}
