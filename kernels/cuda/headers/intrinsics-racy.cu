//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// `__umul24(blockIdx.x, blockDim.x)` is the first index of the block, and
// every thread of the block writes there (the `+ threadIdx.x` is missing):
// the threads of a block race on out[blockIdx.x * 256].
#include <cuda_runtime.h>

__global__ void first_of_block(const float *in, float *out) {
  unsigned int i = __umul24(blockIdx.x, blockDim.x);
  out[i] = __ldg(&in[i + threadIdx.x]);
}
