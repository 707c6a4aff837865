//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[8]
// Racy: as the DRF twin, but __sincosf writes its sine straight into the
// output array, at out[blockIdx.x].y, which every thread of the block
// writes, unordered (the values differ with in[id]).
__global__ void k(const float *in, float2 *out)
{
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  float2 c;
  __sincosf(in[id], &out[blockIdx.x].y, &c.x);
}
