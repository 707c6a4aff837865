//pass
//--blockDim=64
// A __shared__ scalar written by thread 0 only, read after a barrier.
__global__ void flag(int *out)
{
  __shared__ int found;
  if (threadIdx.x == 0)
    found = 42;
  __syncthreads();
  out[threadIdx.x] = found;
}
