//pass
//--blockDim=128 --gridDim=32
// cuRAND's device API in the SDK's pattern: each thread seeds a generator
// state in a local variable, draws from it, and stores state and samples
// in its own cells states[id] and out[id] (id is the global thread
// index, distinct for distinct threads).
#include <curand_kernel.h>

__global__ void sample(curandState *states, float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s;
  curand_init(seed, id, 0, &s);
  float u = curand_uniform(&s);
  float g = curand_normal(&s);
  unsigned int r = curand(&s);
  out[id] = u + g + (r & 1u);
  states[id] = s;
}
