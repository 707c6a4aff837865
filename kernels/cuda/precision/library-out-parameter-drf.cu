//pass
//--blockDim=[128] --gridDim=[8]
// Race-free: __sincosf writes through pointers into the thread's own
// float2, which is private; each thread then writes its own out[id].
__global__ void k(const float *in, float2 *out)
{
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  float2 c;
  __sincosf(in[id], &c.y, &c.x);
  out[id] = c;
}
