//xfail:NOT_ALL_VERIFIED
//--blockDim=64
// A __shared__ scalar is an array of length 1: every thread writes it.
__global__ void flag(int *out)
{
  __shared__ int found;
  found = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = found;
}
