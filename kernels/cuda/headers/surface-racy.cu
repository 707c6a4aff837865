//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy: thread x writes the float4 at byte offset 8*x, i.e. bytes
// 8x..8x+15, which overlap bytes 8(x+1)..8(x+1)+7 of thread x + 1's
// element.  The offsets differ, so only a model of surface writes as byte
// ranges sees the race (and a front end that ignored surf*write saw none).
#include <cuda_runtime.h>

__global__ void k(cudaSurfaceObject_t out)
{
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  surf1Dwrite(make_float4(x, 0, 0, 0), out, x * 8);
}
