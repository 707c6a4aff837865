//pass
//--blockDim=[64] --gridDim=[4]
// Race-free: the operation is chosen by a parameter, through a function
// pointer; both candidates touch only v[i] of the calling thread's own
// global index i.
__device__ void twice(float *v, unsigned int i) { v[i] = v[i] * 2.0f; }
__device__ void half(float *v, unsigned int i) { v[i] = v[i] * 0.5f; }

typedef void (*op_t)(float *, unsigned int);

__global__ void apply(float *v, int which)
{
  op_t op = which ? twice : half;
  (*op)(v, blockIdx.x * blockDim.x + threadIdx.x);
}
