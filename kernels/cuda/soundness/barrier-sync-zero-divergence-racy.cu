//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Barrier divergence: __barrier_sync(0) is `bar.sync 0`, the barrier
// __syncthreads() uses, for all the threads of the block; only the
// threads below 32 reach it.  It is not a function that touches nothing.

__global__ void k(int *out)
{
  if (threadIdx.x < 32) __barrier_sync(0);
  out[threadIdx.x] = threadIdx.x;
}
