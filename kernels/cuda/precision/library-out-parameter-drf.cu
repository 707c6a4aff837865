//pass
//--blockDim=[128] --gridDim=[8]
// Race-free: __sincosf writes through pointers into the thread's own
// float2 (reached through a reference parameter, as the SDK's getTwiddle
// does), which is private; each thread then writes its own out[id].
__device__ void twiddle(float2 &c, float phase)
{
  __sincosf(phase, &c.y, &c.x);
}

__global__ void k(const float *in, float2 *out)
{
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  float2 c;
  twiddle(c, in[id]);
  out[id] = c;
}
