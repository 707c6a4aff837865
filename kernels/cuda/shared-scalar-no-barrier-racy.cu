//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// A shared scalar broadcast without a barrier: thread 0 writes `base`
// while the other threads read it.
__global__ void broadcast(const int *offsets, int *out)
{
  __shared__ int base;
  if (threadIdx.x == 0)
    base = offsets[blockIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = base + threadIdx.x;
}
