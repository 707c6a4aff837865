//pass
//--blockDim=[128] --gridDim=[2]
// Race-free: the kernel receives its operation as a function pointer,
// and the (GPUVerify-style) precondition says it is one of two functions
// of this file; each maps a value to a value, and thread i reads and
// writes only v[i].
__device__ float twice(float x) { return 2.0f * x; }
__device__ float half(float x) { return 0.5f * x; }

typedef float (*op_t)(float);

__global__ void apply(float *v, op_t op, unsigned int n)
{
  __requires(op == twice | op == half);
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = (*op)(v[i]);
}
