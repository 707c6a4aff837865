//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[2]
// Racy: one of the two possible operations, `neighbour`, writes the next
// element through the pointer it is given: thread i writes v[i + 1],
// which thread i + 1 reads and writes.
__device__ void twice(float *x) { x[0] = 2.0f * x[0]; }
__device__ void neighbour(float *x) { x[1] = x[0]; }

typedef void (*op_t)(float *);

__global__ void apply(float *v, op_t op, unsigned int n)
{
  __requires(op == twice | op == neighbour);
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    (*op)(v + i);
}
