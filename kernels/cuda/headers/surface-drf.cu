//pass
//--blockDim=[16,16] --gridDim=[8,8]
// Race-free: thread (x, y) writes the uchar4 at bytes 4x..4x+3 of row y
// of one surface object, and the float2 at bytes 8x..8x+7 of row y + 1024,
// layer `layer`, of another: no two threads write overlapping bytes.  Any
// two surfaces may be bound to the same CUDA array, so the reads of the
// surface reference must also miss the writes: they read row y + 512, which
// no thread of the 128-row grid writes.
#include <cuda_runtime.h>

surface<void, 2> input;

__global__ void k(cudaSurfaceObject_t out, cudaSurfaceObject_t layers, int layer)
{
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  float a, b;
  surf2Dread(&a, input, x * sizeof(float), y + 512);
  b = surf2Dread<float>(input, x * sizeof(float), y + 512);
  uchar4 c = make_uchar4(a, b, 0, 255);
  surf2Dwrite(c, out, x * sizeof(uchar4), y);
  surf2DLayeredwrite(make_float2(a, b), layers, x * sizeof(float2), y + 1024, layer);
}
