//pass
//--blockDim=256 --gridDim=64
// Index arithmetic with intrinsics: `__mul24`/`__umul24` (exact for
// operands below 2^23: blockIdx.x < 64 and blockDim.x = 256), `min`,
// `max`, and reads through `__ldg`.  Thread i = blockIdx.x * 256 +
// threadIdx.x writes out[i] only; reads of `in` cannot race with them.
// The float and warp intrinsics only compute values; thread 0 alone
// writes counts[blockIdx.x], after a barrier all threads reach.
#include <cuda_runtime.h>

__global__ void transform(const float *in, float *out, int *counts, int n) {
  __requires(n == 16384);
  int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  unsigned int j = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  int last = min(i + 1, n - 1);
  int first = max(i - 1, 0);
  float v = __ldg(&in[i]) + __ldg(&in[last]) + in[first];
  float s, c;
  __sincosf(v, &s, &c);
  v = __expf(s) + __exp10f(c) + rintf(v) + __int_as_float(__float_as_int(v));
  unsigned int bits = __brev(__float_as_uint(v)) + __popc(j) + __popcll(j) + __clz(i) + __ffs(i);
  bits += __ballot_sync(0xffffffffu, v > 0) + __any_sync(0xffffffffu, 1) + __shfl_xor_sync(0xffffffffu, i, 1);
  __syncwarp();
  out[i] = v + (float)(bits & 1u) + clock() * 0;
  __threadfence();
  int positive = __syncthreads_count(v > 0);
  if (threadIdx.x == 0)
    counts[blockIdx.x] = positive;
}
