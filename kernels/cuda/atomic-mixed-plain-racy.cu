//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Atomics race with plain accesses: thread 0 reads the counter without a
// barrier while the other threads increment it atomically.
__global__ void count(const int *flags, int *out)
{
  __shared__ int counter;
  if (threadIdx.x == 0)
    counter = 0;
  __syncthreads();
  if (flags[threadIdx.x])
    atomicAdd(&counter, 1);
  if (threadIdx.x == 0)
    out[blockIdx.x] = counter;
}
