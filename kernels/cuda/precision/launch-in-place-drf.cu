//pass
//--blockDim=64 --gridDim=4
// Race-free: the launch passes the same buffer as `in` and `out` (an
// in-place update), but each thread reads and writes only its own cell
// d[i]: no other thread touches it.
__global__ void scale(float *out, const float *in, float a)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a * in[i];
}

int main()
{
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  scale<<<4, 64>>>(d, d, 2.0f);
  return 0;
}
