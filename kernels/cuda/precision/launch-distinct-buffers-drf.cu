//pass
//--blockDim=64 --gridDim=1
// Race-free: the launch passes two separately allocated buffers, so
// out[i] = in[i + 1] reads only `in`, which no thread writes.
__global__ void shift(float *out, const float *in)
{
  int i = threadIdx.x;
  out[i] = in[i + 1];
}

int main()
{
  float *a, *b;
  cudaMalloc(&a, 64 * sizeof(float));
  cudaMalloc(&b, 65 * sizeof(float));
  shift<<<1, 64>>>(a, b);
  return 0;
}
