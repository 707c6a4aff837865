//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The twin of extern-value-function-drf.cu: whatever `blend` returns,
// threads 2k and 2k+1 of a block both write out[blockIdx.x * 32 + k]
// (i / 2 for their global indices i): a write-write race.
__device__ float blend(float a, float b, float t);

__global__ void mix(const float *in, float *out, float t)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i / 2] = blend(in[i], 0.5f, t);
}
