// expect: racy
// `bias ? … : …`: with `bias == nullptr` (an optional bias, which a host
// may omit) every thread stores to out[0], with its own value
// `threadIdx.x`: a write/write race on out[0].  With a bias each thread
// writes out[tid].
__global__ void add_bias(float *out, const float *bias)
{
  unsigned i = bias ? threadIdx.x : 0;
  out[i] = bias ? bias[threadIdx.x] + threadIdx.x : (float)threadIdx.x;
}
