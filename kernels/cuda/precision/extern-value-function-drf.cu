//pass
//--blockDim=64 --gridDim=4
// `blend` is declared here and defined in another translation unit (as the
// CUDA SDK's `lerpf` is): it receives values only and the file declares no
// `__device__` or `__shared__` memory at file scope, so whatever its body
// computes, it can reach none of the kernel's arrays (distinct pointer
// parameters and globals do not alias).  Each thread reads in[i] and writes
// out[i] for its own global index i: no two threads touch one cell.
__device__ float blend(float a, float b, float t);

__global__ void mix(const float *in, float *out, float t)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = blend(in[i], 0.5f, t);
}
