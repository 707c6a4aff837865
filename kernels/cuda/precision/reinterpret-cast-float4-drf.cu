//pass
//--blockDim=[64] --gridDim=[8]
// Race-free: vectorized copy.  Through `float4` views, thread t of block b
// reads in[4g .. 4g + 3] and writes out[4g .. 4g + 3] with g = 64b + t:
// four whole floats of its own, disjoint from every other thread's.
__global__ void copy4(const float *in, float *out)
{
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 *src = reinterpret_cast<const float4 *>(in);
  float4 *dst = reinterpret_cast<float4 *>(out);
  dst[g] = src[g];
}
