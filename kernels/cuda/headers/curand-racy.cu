//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// Every thread stores its generator state into states[blockIdx.x]: the
// threads of a block write the same record.
#include <curand_kernel.h>

__global__ void sample(curandState *states, float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s;
  curand_init(seed, id, 0, &s);
  out[id] = curand_uniform(&s);
  states[blockIdx.x] = s;
}
