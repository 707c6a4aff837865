//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[16]
// Racy: every thread of a block advances the same generator state
// states[blockIdx.x]; curand_uniform reads and writes the state, so threads
// 0 and 1 of a block write it unordered.
#include <curand_kernel.h>

__global__ void k(curandState *states, float *out)
{
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand_uniform(&states[blockIdx.x]);
}
