//pass
//--blockDim=[128] --gridDim=[16]
// Race-free: each thread initialises and advances its own generator state
// states[id] (cuRAND's functions read and write only the state they are
// given) and writes its own out[id].
#include <curand_kernel.h>

__global__ void k(curandState *states, float *out, unsigned long long seed)
{
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
  out[id] = curand_uniform(&states[id]) + curand_normal(states + id);
}
