//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence in a kernel that accesses no array: thread 5 leaves the
// switch at `break` without reaching the __syncthreads() that threads 0..4
// and 6..63 reach through `default`.  With no array there is no race to
// find, but the barrier still diverges (undefined behaviour in CUDA).
__global__ void k(int *out)
{
  switch (threadIdx.x) {
  case 5:
    break;
  default:
    __syncthreads();
  }
}
