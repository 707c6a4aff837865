//pass
//--blockDim=[128] --gridDim=[4]
// Partial input: the host code below does not compile (a project header
// that is not there, a function nobody declared), but the kernel does, so
// it is checked; the errors are printed as warnings.  Race-free: each
// thread of the grid scales its own element.
#include <cuda.h>
#include "project_config_missing.h"

__global__ void scale(float *v, float s)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = s * v[i];
}

int main(void)
{
  float *v = load_vector_from_disk("v.bin");
  scale<<<4, 128>>>(v, 2.0f);
  return report(v);
}
