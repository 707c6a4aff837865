//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: every thread writes its own cell of `s`; after the barrier
// thread 0 alone reads s[0] and s[1] into a local struct built with an
// initializer list and stores it to out[0].
struct pair { float a, b; };
__global__ void gather(pair *out, const float *in)
{
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    pair t = {s[0], s[1]};
    out[0] = t;
  }
}
