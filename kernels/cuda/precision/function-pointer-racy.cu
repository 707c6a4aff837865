//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy: one of the two candidates the pointer may hold, `spread`, writes
// the next thread's cell: thread i writes v[i + 1] while thread i + 1
// reads and writes v[i + 1] (when `which` selects it for every thread).
__device__ void twice(float *v, unsigned int i) { v[i] = v[i] * 2.0f; }
__device__ void spread(float *v, unsigned int i) { v[i + 1] = v[i]; }

typedef void (*op_t)(float *, unsigned int);

__global__ void apply(float *v, int which)
{
  op_t op = which ? twice : spread;
  (*op)(v, blockIdx.x * blockDim.x + threadIdx.x);
}
