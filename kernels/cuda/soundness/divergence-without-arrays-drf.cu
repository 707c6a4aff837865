//pass
//--blockDim=[64] --gridDim=[1]
// Race-free and no barrier divergence: the switch is on blockIdx.x, the same
// for every thread of a block, so either all threads of a block reach the
// __syncthreads() or none does; the kernel accesses no array.
__global__ void k(int *out)
{
  switch (blockIdx.x) {
  case 5:
    break;
  default:
    __syncthreads();
  }
}
