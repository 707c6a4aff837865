//pass
//--blockDim=128 --gridDim=16
// `d_out` is a file-scope pointer the host sets (cudaMemcpyToSymbol) and
// no device code changes: a global array like a pointer parameter.  Each
// thread writes d_out[i] for its own global index i, reading in[i]: no
// two threads of the grid touch one cell.
__device__ float *d_out;

__global__ void scale(const float *in, float a)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d_out[i] = a * in[i];
}
