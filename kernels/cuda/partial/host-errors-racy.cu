//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Partial input: the host code does not compile (an undeclared type), the
// kernel does and is checked.  Racy: every thread adds into total[0]
// without an atomic (threads 0 and 1 read and write it unordered).
#include <cuda.h>

__global__ void sum(const float *v, float *total)
{
  total[0] += v[threadIdx.x];
}

int main(void)
{
  ConfigFromTheBuildSystem cfg;
  sum<<<1, 128>>>(cfg.v, cfg.total);
  return 0;
}
