//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// Vector maths on float4 records, but every thread of a block stores its
// result in the same cell `acc[blockIdx.x]` with a plain assignment: two
// threads of one block write the same float4.
#include <cuda_runtime.h>

__global__ void accumulate(const float4 *in, float4 *acc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 a = in[i];
  float4 b = a * 2.0f + make_float4(1.0f, 1.0f, 1.0f, 1.0f);
  b -= a / 4.0f;
  acc[blockIdx.x] = b;
}
