// expect: drf
// Twin of bias-conditional-racy.cu: with or without a bias each thread
// writes only out[tid].
__global__ void add_bias(float *out, const float *bias)
{
  unsigned i = threadIdx.x;
  out[i] = bias ? bias[threadIdx.x] + threadIdx.x : (float)threadIdx.x;
}
