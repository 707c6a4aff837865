//pass
//--blockDim=64 --gridDim=1
// Race-free: __barrier_sync(0) is the block barrier __syncthreads() uses,
// reached by every thread, between the writes of s and the reads of
// another thread's cell.

__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __barrier_sync(0);
  out[threadIdx.x] = s[63 - threadIdx.x];
}
